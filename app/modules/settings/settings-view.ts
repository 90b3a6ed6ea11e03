import { otherPlatformsOf } from "./podcast-platforms";
import type { OtherPlatform } from "./settings-forms";
import type { Settings } from "./settings.server";

/** What the settings page's forms show, by section and field name. */
export interface SettingsFormValues {
  numbers: { movements: string; countries: string; subscriberClaim: string };
  links: { purchaseUrl: string; tipUrl: string; monthlyUrl: string };
  social: {
    facebook: string;
    twitter: string;
    instagram: string;
    youtube: string;
  };
  platforms: {
    apple: string;
    spotify: string;
    youtubeMusic: string;
    others: OtherPlatform[];
  };
  show: {
    title: string;
    author: string;
    ownerEmail: string;
    category: string;
    explicit: boolean;
    hostBio: string;
  };
  newsletter: { senderLine: string; postalAddress: string; countClicks: boolean };
}

export function settingsFormValues(settings: Settings): SettingsFormValues {
  return {
    numbers: {
      movements: settings["promo.movements"],
      countries: settings["promo.countries"],
      subscriberClaim: settings["newsletter.subscriberClaim"],
    },
    links: {
      purchaseUrl: settings["links.purchase"],
      tipUrl: settings["links.tip"],
      monthlyUrl: settings["links.monthly"],
    },
    social: {
      facebook: settings["social.facebook"],
      twitter: settings["social.twitter"],
      instagram: settings["social.instagram"],
      youtube: settings["social.youtube"],
    },
    platforms: {
      apple: settings["podcast.appleUrl"],
      spotify: settings["podcast.spotifyUrl"],
      youtubeMusic: settings["podcast.youtubeMusicUrl"],
      others: otherPlatformsOf(settings),
    },
    show: {
      title: settings["podcast.title"],
      author: settings["podcast.author"],
      ownerEmail: settings["podcast.ownerEmail"],
      category: settings["podcast.category"],
      explicit: settings["podcast.explicit"] === "true",
      hostBio: settings["podcast.hostBio"],
    },
    newsletter: {
      senderLine: settings["newsletter.senderLine"],
      postalAddress: settings["newsletter.postalAddress"],
      countClicks: settings["newsletter.countClicks"] === "true",
    },
  };
}
