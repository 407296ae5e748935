// Example queries, one per classic screen, written against the schema
// contract. Each opens in a new tab with its variables.

export const WELCOME = `# Menagerie: one GraphQL API over dog
# breeds, zoo animals and D&D monsters.
#
#   Ctrl+Enter     run (Cmd+Enter on a Mac)
#   Ctrl+Space     suggest
#   Shift+Ctrl+P   prettify
#   Ctrl+click     open a name's docs
#
# Examples (top right): one query per
# classic screen.

query Welcome {
  breeds(limit: 6) {
    totalCount
    items {
      name
      imageUrl
    }
  }
}
`;

export const EXAMPLES = [
  {
    title: 'Breed list',
    description: 'Dog breeds and sub-breeds by name, a page at a time; set "search" to filter.',
    query: `query BreedList($search: String, $limit: Int = 20, $skip: Int = 0) {
  breeds(search: $search, limit: $limit, skip: $skip) {
    totalCount
    hasMore
    items {
      id
      name
      imageUrl
      parent {
        name
      }
      subBreeds {
        id
        name
      }
    }
  }
}
`,
    variables: { search: '', limit: 20, skip: 0 },
  },
  {
    title: '10 photos of a breed',
    description: 'Ten random photos of one breed (by path or name), with its facts. See the Gallery tab.',
    query: `query BreedPhotos($id: ID!) {
  breed(id: $id) {
    id
    name
    facts {
      breedGroup
      bredFor
      lifeSpan
      temperament
    }
    images(count: 10)
  }
}
`,
    variables: { id: 'hound/afghan' },
  },
  {
    title: 'Random animals (metres, kilograms)',
    description: 'A handful of random zoo animals with length in metres and weight in kilograms.',
    query: `query RandomAnimals($count: Int = 5) {
  randomAnimals(count: $count) {
    id
    name
    latinName
    type
    habitat
    length(unit: METERS) {
      min
      max
      unit
    }
    weight(unit: KILOGRAMS) {
      min
      max
      unit
    }
    lifespan
    imageUrl
  }
}
`,
    variables: { count: 5 },
  },
  {
    title: 'Monsters, page by page',
    description: 'D&D monsters ten at a time; the Next page button in the response bar moves "skip" on.',
    query: `query MonsterPage($limit: Int = 10, $skip: Int = 0, $size: MonsterSize) {
  monsters(limit: $limit, skip: $skip, size: $size) {
    totalCount
    hasMore
    items {
      id
      name
      size
      type
      challengeRating
      hitPoints
      imageUrl
    }
  }
}
`,
    variables: { limit: 10, skip: 0 },
  },
  {
    title: 'Monster detail',
    description: 'Everything about one monster: stats, ability scores, actions, and its animal or breed namesake.',
    query: `query MonsterDetail($index: ID!) {
  monster(index: $index) {
    id
    name
    size
    type
    subtype
    alignment
    armorClass
    hitPoints
    hitDice
    challengeRating
    xp
    languages
    speed {
      walk
      swim
      fly
      climb
      burrow
      hover
    }
    abilities {
      strength { score modifier }
      dexterity { score modifier }
      constitution { score modifier }
      intelligence { score modifier }
      wisdom { score modifier }
      charisma { score modifier }
    }
    specialAbilities {
      name
      description
    }
    actions {
      name
      description
      attackBonus
      damage {
        dice
        type
      }
    }
    legendaryActions {
      name
      description
    }
    imageUrl
    animal {
      name
      latinName
    }
    breed {
      name
    }
  }
}
`,
    variables: { index: 'adult-black-dragon' },
  },
  {
    title: 'Cross-source search',
    description: 'One text, every source: breeds, then zoo animals, then monsters.',
    query: `query Search($text: String!, $limit: Int = 30) {
  search(text: $text, limit: $limit) {
    __typename
    id
    name
    source
    imageUrl
    ... on Breed {
      parent {
        name
      }
    }
    ... on Animal {
      latinName
      animalType: type
    }
    ... on Monster {
      type
      challengeRating
    }
  }
}
`,
    variables: { text: 'bear' },
  },
  {
    title: 'Facts later (@defer)',
    description: 'Names at once; each breed\'s facts (The Dog API, slow when live) in a later part, as it arrives.',
    query: `query FactsLater($limit: Int = 5) {
  breeds(limit: $limit) {
    items {
      name
      ... @defer(label: "facts") {
        facts {
          lifeSpan
          temperament
        }
      }
    }
  }
}
`,
    variables: {},
  },
];
