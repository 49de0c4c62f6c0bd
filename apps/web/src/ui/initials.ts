/** Up to two letters standing for a name when there is no picture: "jane_doe" -> "JD", "alice" -> "AL". */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = words.length > 1 ? words.slice(0, 2).map((word) => [...word][0]) : [...(words[0] ?? "")].slice(0, 2);
  return letters.join("").toUpperCase();
}
