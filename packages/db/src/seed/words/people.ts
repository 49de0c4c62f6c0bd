/** Names for seeded people. Hand-written so the seed needs no faker and no network. */

export const FEMALE_FIRST_NAMES = [
  "Emma", "Olivia", "Ava", "Sophia", "Mia", "Isabella", "Chloe", "Zoe", "Lily", "Grace", "Hannah", "Nora",
  "Camila", "Valentina", "Lucia", "Sofia", "Martina", "Giulia", "Chiara", "Elena", "Clara", "Lea", "Manon",
  "Camille", "Ines", "Marie", "Lena", "Anna", "Mila", "Hanna", "Priya", "Ananya", "Aisha", "Diya", "Meera",
  "Beatriz", "Larissa", "Mariana", "Julia", "Amelia", "Freya", "Isla", "Ruby", "Maya", "Naomi", "Yuki",
  "Sakura", "Ingrid", "Astrid", "Carmen", "Paula", "Alba", "Noemi", "Zara", "Kemi", "Thandi",
] as const;

export const MALE_FIRST_NAMES = [
  "Liam", "Noah", "Oliver", "Elijah", "James", "Lucas", "Mason", "Ethan", "Logan", "Jack", "Leo", "Owen",
  "Mateo", "Santiago", "Diego", "Pablo", "Javier", "Marco", "Luca", "Matteo", "Lorenzo", "Hugo", "Louis",
  "Jules", "Arthur", "Gabriel", "Felix", "Paul", "Jonas", "Finn", "Arjun", "Rohan", "Vikram", "Kabir",
  "Rahul", "Pedro", "Rafael", "Thiago", "Caio", "Harry", "George", "Alfie", "Oscar", "Theo", "Kenji",
  "Hiro", "Erik", "Lars", "Bruno", "Tomas", "Chidi", "Sipho", "Omar", "Samuel", "Daniel", "Adrian",
] as const;

export const LAST_NAMES = [
  "Smith", "Johnson", "Brown", "Taylor", "Wilson", "Martin", "Anderson", "Clark", "Lewis", "Walker", "Young",
  "King", "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Hill", "Campbell", "Garcia", "Rodriguez",
  "Lopez", "Fernandez", "Silva", "Santos", "Oliveira", "Costa", "Rossi", "Bianchi", "Romano", "Ricci",
  "Dubois", "Moreau", "Laurent", "Lefevre", "Muller", "Schmidt", "Weber", "Fischer", "Wagner", "Sharma",
  "Patel", "Gupta", "Iyer", "Nair", "Tanaka", "Sato", "Nilsson", "Berg", "Kowalski", "Nowak", "Okafor",
  "Dlamini", "Reyes", "Cruz", "Murphy", "Kelly",
] as const;
