import type { Language } from "~/i18n/languages";

/** The five podcast categories, stored by their English names. */
export const EPISODE_CATEGORIES = ["Legacy of MLK", "Global South Policy", "Pan-Africanism", "Anti-Colonial Diplomacy", "Diaspora Economics"] as const;

export type EpisodeText = { title: string; description: string };

export interface SampleEpisode {
  publishedAt: string;
  categories: string[];
  listens: number;
  /** Length of the generated chime, in seconds, and its notes (Hz). */
  seconds: number;
  notes: number[];
  transcript?: string;
  text: Record<Language, EpisodeText>;
}

/**
 * The eight sample episodes (listens from 2189 to 4582), seeded once on a fresh install
 * with a short generated chime as their audio. The English title gives the slug.
 */
export const SAMPLE_EPISODES: SampleEpisode[] = [
  {
    publishedAt: "2026-11-10T09:00:00.000Z",
    categories: ["Legacy of MLK", "Global South Policy"],
    listens: 4582,
    seconds: 12,
    notes: [392, 523.25, 659.25, 783.99],
    transcript:
      "Welcome to Diaspora Policy. Today we ask what Martin Luther King Jr. said about the world beyond America's borders.\n\n" +
      "In 1967, at Riverside Church, King linked the war in Vietnam to poverty at home and to the struggles for independence in Africa, Asia and Latin America.\n\n" +
      "His call for a \"revolution of values\" was also a foreign policy: aid without strings, trade that is fair, and solidarity with the poor of every nation.",
    text: {
      en: {
        title: "Legacy of MLK",
        description:
          "Martin Luther King Jr. as a foreign-policy thinker: the Riverside speech, his ties to African independence leaders and what his \"revolution of values\" asks of diplomacy today.",
      },
      es: {
        title: "El legado de MLK",
        description:
          "Martin Luther King Jr. como pensador de política exterior: el discurso de Riverside, sus vínculos con los líderes de la independencia africana y lo que su «revolución de valores» exige hoy a la diplomacia.",
      },
      pt: {
        title: "O legado de MLK",
        description:
          "Martin Luther King Jr. como pensador de política externa: o discurso de Riverside, seus laços com os líderes da independência africana e o que sua \"revolução de valores\" pede à diplomacia de hoje.",
      },
      fr: {
        title: "L'héritage de MLK",
        description:
          "Martin Luther King Jr. penseur de la politique étrangère : le discours de Riverside, ses liens avec les dirigeants des indépendances africaines et ce que sa « révolution des valeurs » demande à la diplomatie d'aujourd'hui.",
      },
    },
  },
  {
    publishedAt: "2026-10-27T09:00:00.000Z",
    categories: ["Global South Policy", "Diaspora Economics"],
    listens: 3917,
    seconds: 10,
    notes: [440, 554.37, 659.25],
    text: {
      en: {
        title: "Who Writes the Rules of Global Trade?",
        description:
          "From the WTO to bilateral investment treaties: how the rules of trade are drafted, who is in the room, and how Global South negotiators are changing the agenda.",
      },
      es: {
        title: "¿Quién escribe las reglas del comercio mundial?",
        description:
          "De la OMC a los tratados bilaterales de inversión: cómo se redactan las reglas del comercio, quién está en la sala y cómo los negociadores del Sur Global están cambiando la agenda.",
      },
      pt: {
        title: "Quem escreve as regras do comércio global?",
        description:
          "Da OMC aos tratados bilaterais de investimento: como as regras do comércio são redigidas, quem está na sala e como os negociadores do Sul Global estão mudando a agenda.",
      },
      fr: {
        title: "Qui écrit les règles du commerce mondial ?",
        description:
          "De l'OMC aux traités bilatéraux d'investissement : comment s'écrivent les règles du commerce, qui est dans la salle et comment les négociateurs du Sud global changent l'ordre du jour.",
      },
    },
  },
  {
    publishedAt: "2026-10-13T09:00:00.000Z",
    categories: ["Pan-Africanism"],
    listens: 3468,
    seconds: 9,
    notes: [349.23, 440, 523.25],
    text: {
      en: {
        title: "Pan-Africanism After Independence",
        description:
          "Nkrumah's dream of a united Africa, the compromises of the OAU and the African Union, and why the idea is finding a new generation across the continent and the diaspora.",
      },
      es: {
        title: "El panafricanismo después de la independencia",
        description:
          "El sueño de Nkrumah de una África unida, los compromisos de la OUA y de la Unión Africana, y por qué la idea encuentra una nueva generación en el continente y en la diáspora.",
      },
      pt: {
        title: "O pan-africanismo depois da independência",
        description:
          "O sonho de Nkrumah de uma África unida, os compromissos da OUA e da União Africana, e por que a ideia encontra uma nova geração no continente e na diáspora.",
      },
      fr: {
        title: "Le panafricanisme après les indépendances",
        description:
          "Le rêve de Nkrumah d'une Afrique unie, les compromis de l'OUA puis de l'Union africaine, et pourquoi l'idée trouve une nouvelle génération sur le continent et dans la diaspora.",
      },
    },
  },
  {
    publishedAt: "2026-09-29T09:00:00.000Z",
    categories: ["Anti-Colonial Diplomacy", "Global South Policy"],
    listens: 2764,
    seconds: 8,
    notes: [293.66, 369.99, 440],
    text: {
      en: {
        title: "Bandung and the Diplomacy of the Non-Aligned",
        description:
          "In 1955, twenty-nine newly independent nations met in Bandung. What they agreed, what they failed to do, and what today's multipolar world can learn from them.",
      },
      es: {
        title: "Bandung y la diplomacia de los No Alineados",
        description:
          "En 1955, veintinueve naciones recién independizadas se reunieron en Bandung. Lo que acordaron, lo que no lograron y lo que el mundo multipolar de hoy puede aprender de ellas.",
      },
      pt: {
        title: "Bandung e a diplomacia dos Não Alinhados",
        description:
          "Em 1955, vinte e nove nações recém-independentes se reuniram em Bandung. O que acordaram, o que não conseguiram fazer e o que o mundo multipolar de hoje pode aprender com elas.",
      },
      fr: {
        title: "Bandung et la diplomatie des non-alignés",
        description:
          "En 1955, vingt-neuf nations tout juste indépendantes se réunissaient à Bandung. Ce qu'elles ont décidé, ce qu'elles n'ont pas su faire et ce que le monde multipolaire d'aujourd'hui peut en apprendre.",
      },
    },
  },
  {
    publishedAt: "2026-09-15T09:00:00.000Z",
    categories: ["Diaspora Economics"],
    listens: 4105,
    seconds: 7,
    notes: [523.25, 659.25],
    text: {
      en: {
        title: "Remittances: The Diaspora's Quiet Development Bank",
        description:
          "Money sent home now outweighs foreign aid to many African and Caribbean countries. The fees, the policies that tax it and the proposals to make it build more than households.",
      },
      es: {
        title: "Remesas: el discreto banco de desarrollo de la diáspora",
        description:
          "El dinero enviado a casa ya supera la ayuda exterior en muchos países africanos y caribeños. Las comisiones, las políticas que lo gravan y las propuestas para que construya algo más que hogares.",
      },
      pt: {
        title: "Remessas: o discreto banco de desenvolvimento da diáspora",
        description:
          "O dinheiro enviado para casa já supera a ajuda externa em muitos países africanos e caribenhos. As tarifas, as políticas que o tributam e as propostas para que construa mais do que lares.",
      },
      fr: {
        title: "Transferts de fonds : la discrète banque de développement de la diaspora",
        description:
          "L'argent envoyé au pays dépasse désormais l'aide étrangère dans bien des pays d'Afrique et des Caraïbes. Les frais, les politiques qui le taxent et les propositions pour qu'il bâtisse plus que des foyers.",
      },
    },
  },
  {
    publishedAt: "2026-08-25T09:00:00.000Z",
    categories: ["Legacy of MLK", "Pan-Africanism"],
    listens: 3321,
    seconds: 8,
    notes: [329.63, 392, 493.88],
    text: {
      en: {
        title: "From Selma to Soweto: Solidarity Across Oceans",
        description:
          "How the American civil rights movement and the struggle against apartheid learned from each other, and the boycotts, sanctions and campaigns that joined them.",
      },
      es: {
        title: "De Selma a Soweto: solidaridad entre océanos",
        description:
          "Cómo el movimiento por los derechos civiles en Estados Unidos y la lucha contra el apartheid aprendieron el uno del otro, y los boicots, sanciones y campañas que los unieron.",
      },
      pt: {
        title: "De Selma a Soweto: solidariedade entre oceanos",
        description:
          "Como o movimento pelos direitos civis nos Estados Unidos e a luta contra o apartheid aprenderam um com o outro, e os boicotes, sanções e campanhas que os uniram.",
      },
      fr: {
        title: "De Selma à Soweto : une solidarité par-delà les océans",
        description:
          "Comment le mouvement des droits civiques aux États-Unis et la lutte contre l'apartheid ont appris l'un de l'autre, et les boycotts, sanctions et campagnes qui les ont réunis.",
      },
    },
  },
  {
    publishedAt: "2026-08-04T09:00:00.000Z",
    categories: ["Anti-Colonial Diplomacy", "Diaspora Economics"],
    listens: 2189,
    seconds: 6,
    notes: [261.63, 329.63],
    text: {
      en: {
        title: "Debt, Reparations and the Caribbean Case",
        description:
          "CARICOM's ten-point plan for reparatory justice, the debt that followed independence and the diplomatic work of putting both on the agenda of former colonial powers.",
      },
      es: {
        title: "Deuda, reparaciones y el caso del Caribe",
        description:
          "El plan de diez puntos de la CARICOM para la justicia reparadora, la deuda que siguió a la independencia y el trabajo diplomático para poner ambas en la agenda de las antiguas potencias coloniales.",
      },
      pt: {
        title: "Dívida, reparações e o caso do Caribe",
        description:
          "O plano de dez pontos da CARICOM para a justiça reparatória, a dívida que veio depois da independência e o trabalho diplomático de colocar ambas na agenda das antigas potências coloniais.",
      },
      fr: {
        title: "Dette, réparations et le cas des Caraïbes",
        description:
          "Le plan en dix points de la CARICOM pour une justice réparatrice, la dette qui a suivi les indépendances et le travail diplomatique pour inscrire l'une et l'autre à l'ordre du jour des anciennes puissances coloniales.",
      },
    },
  },
  {
    publishedAt: "2026-07-14T09:00:00.000Z",
    categories: ["Pan-Africanism", "Diaspora Economics"],
    listens: 2950,
    seconds: 9,
    notes: [466.16, 587.33, 698.46],
    text: {
      en: {
        title: "The AfCFTA and the Sixth Region",
        description:
          "The African Continental Free Trade Area is the largest by membership in the world. What it means for diaspora investors, the African Union's \"sixth region\".",
      },
      es: {
        title: "La AfCFTA y la sexta región",
        description:
          "La Zona de Libre Comercio Continental Africana es la mayor del mundo por número de miembros. Lo que significa para los inversores de la diáspora, la «sexta región» de la Unión Africana.",
      },
      pt: {
        title: "A AfCFTA e a sexta região",
        description:
          "A Área de Livre Comércio Continental Africana é a maior do mundo em número de membros. O que ela significa para os investidores da diáspora, a \"sexta região\" da União Africana.",
      },
      fr: {
        title: "La ZLECAf et la sixième région",
        description:
          "La Zone de libre-échange continentale africaine est la plus vaste du monde par le nombre de ses membres. Ce qu'elle signifie pour les investisseurs de la diaspora, la « sixième région » de l'Union africaine.",
      },
    },
  },
];
