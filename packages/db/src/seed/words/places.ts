/**
 * Countries of seeded people with a relative weight and some cities. The deal countries of the spec
 * (us, ca, br, in, de, fr, gb, it, es) carry most of the weight; the others show the long tail.
 */
export interface SeedCountry {
  code: string;
  weight: number;
  cities: readonly string[];
  /** A region for contacts' state field, where addresses use one. */
  states?: readonly string[];
}

export const COUNTRIES: readonly SeedCountry[] = [
  {
    code: "us",
    weight: 26,
    cities: ["New York", "Los Angeles", "Chicago", "Austin", "Miami", "Seattle", "Denver", "Atlanta", "Boston"],
    states: ["NY", "CA", "IL", "TX", "FL", "WA", "CO", "GA", "MA"],
  },
  { code: "gb", weight: 9, cities: ["London", "Manchester", "Bristol", "Edinburgh", "Leeds", "Brighton"] },
  {
    code: "ca",
    weight: 6,
    cities: ["Toronto", "Vancouver", "Montreal", "Calgary", "Ottawa"],
    states: ["ON", "BC", "QC", "AB"],
  },
  {
    code: "br",
    weight: 8,
    cities: ["Sao Paulo", "Rio de Janeiro", "Belo Horizonte", "Curitiba", "Salvador"],
    states: ["SP", "RJ", "MG", "PR", "BA"],
  },
  {
    code: "in",
    weight: 8,
    cities: ["Mumbai", "Delhi", "Bengaluru", "Hyderabad", "Chennai", "Pune"],
    states: ["MH", "DL", "KA", "TG", "TN"],
  },
  { code: "de", weight: 6, cities: ["Berlin", "Munich", "Hamburg", "Cologne", "Frankfurt"] },
  { code: "fr", weight: 6, cities: ["Paris", "Lyon", "Marseille", "Bordeaux", "Lille", "Nantes"] },
  { code: "it", weight: 5, cities: ["Milan", "Rome", "Turin", "Naples", "Florence", "Bologna"] },
  { code: "es", weight: 5, cities: ["Madrid", "Barcelona", "Valencia", "Seville", "Bilbao"] },
  { code: "mx", weight: 4, cities: ["Mexico City", "Guadalajara", "Monterrey"] },
  { code: "au", weight: 4, cities: ["Sydney", "Melbourne", "Brisbane", "Perth"] },
  { code: "nl", weight: 2, cities: ["Amsterdam", "Rotterdam", "Utrecht"] },
  { code: "se", weight: 2, cities: ["Stockholm", "Gothenburg", "Malmo"] },
  { code: "pt", weight: 2, cities: ["Lisbon", "Porto"] },
  { code: "ar", weight: 2, cities: ["Buenos Aires", "Cordoba"] },
  { code: "jp", weight: 2, cities: ["Tokyo", "Osaka", "Kyoto"] },
  { code: "pl", weight: 1, cities: ["Warsaw", "Krakow"] },
  { code: "ph", weight: 1, cities: ["Manila", "Cebu"] },
  { code: "ng", weight: 1, cities: ["Lagos", "Abuja"] },
  { code: "za", weight: 1, cities: ["Cape Town", "Johannesburg"] },
];

export const STREETS = [
  "Main Street",
  "Oak Avenue",
  "Maple Road",
  "Park Lane",
  "High Street",
  "Church Road",
  "River Walk",
  "Station Road",
  "Market Square",
  "Garden Row",
  "Harbor Drive",
  "Hill Crescent",
] as const;
