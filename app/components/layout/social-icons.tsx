import type { SocialPlatform } from "./nav-items";

/** Simple drawn marks for the four platforms (the icon set has no brand logos). */
export function SocialIcon({ platform }: { platform: SocialPlatform }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      {ICONS[platform]}
    </svg>
  );
}

const ICONS: Record<SocialPlatform, React.ReactNode> = {
  Facebook: <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V9c0-.6.4-1 1-1Z" />,
  Twitter: <path d="M4 4h4.6l4 5.6L17.4 4H20l-6.2 7.1L20.5 20h-4.6l-4.3-6-5.2 6H3.8l6.6-7.6Z" />,
  Instagram: (
    <path
      fillRule="evenodd"
      d="M7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3Zm0 2A2.5 2.5 0 0 0 5 7.5v9A2.5 2.5 0 0 0 7.5 19h9a2.5 2.5 0 0 0 2.5-2.5v-9A2.5 2.5 0 0 0 16.5 5Zm4.5 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm5-3.2a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4Z"
    />
  ),
  YouTube: (
    <path
      fillRule="evenodd"
      d="M3.6 6.3C4 5 5 4.4 6.3 4.3 8.2 4.1 10.1 4 12 4s3.8.1 5.7.3c1.3.1 2.3.7 2.7 2 .4 1.8.6 3.7.6 5.7s-.2 3.9-.6 5.7c-.4 1.3-1.4 1.9-2.7 2-1.9.2-3.8.3-5.7.3s-3.8-.1-5.7-.3c-1.3-.1-2.3-.7-2.7-2C3.2 15.9 3 14 3 12s.2-3.9.6-5.7ZM10 8.5v7l6-3.5Z"
    />
  ),
};
