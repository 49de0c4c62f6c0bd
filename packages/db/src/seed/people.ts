import type { Random } from "./random";
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from "./words/people";
import { COUNTRIES, type SeedCountry, STREETS } from "./words/places";

export interface Person {
  firstName: string;
  lastName: string;
  gender: "male" | "female";
}

export function drawPerson(rng: Random): Person {
  const gender = rng.chance(0.55) ? "female" : "male";
  const firstName = rng.pick(gender === "female" ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  return { firstName, lastName: rng.pick(LAST_NAMES), gender };
}

export function drawCountry(rng: Random): SeedCountry {
  return rng.weighted(COUNTRIES.map((country) => [country, country.weight] as const));
}

export function countryByCode(code: string): SeedCountry {
  const country = COUNTRIES.find((candidate) => candidate.code === code);
  if (!country) throw new Error(`unknown seed country ${code}`);
  return country;
}

/** A postal address in the country, for contacts. */
export function drawAddress(rng: Random, country: SeedCountry) {
  const index = rng.int(0, country.cities.length - 1);
  return {
    address: `${rng.int(1, 250)} ${rng.pick(STREETS)}`,
    city: country.cities[index] ?? country.cities[0],
    state: country.states?.[index % country.states.length] ?? null,
    zipcode: String(rng.int(10_000, 99_999)),
    country: country.code,
  };
}

export function drawPhone(rng: Random): string {
  return `+1 555 ${rng.int(100, 999)} ${rng.int(1000, 9999)}`;
}
