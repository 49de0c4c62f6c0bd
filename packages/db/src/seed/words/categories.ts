import type { Category } from "@market/contracts";

/**
 * Copy per category: what brands sell, how their campaigns read, whom they target, and how influencers
 * of the niche describe themselves. Placeholders: {product}, {brand}, {city}.
 */
export interface CategoryCopy {
  products: readonly string[];
  titles: readonly string[];
  pitch: string;
  audience: string;
  /** Username endings of influencers in the niche. */
  handles: readonly string[];
  bios: readonly string[];
  /** Share of male audience around which the niche's audiences vary. */
  males: number;
}

export const CATEGORY_COPY: Record<Category, CategoryCopy> = {
  apps: {
    products: ["budgeting app", "habit tracker", "language app", "photo editor"],
    titles: ["Show how you use our {product}", "30 days with the {product}", "Try the new {product} features"],
    pitch: "{brand} builds a {product} that people actually keep on their home screen.",
    audience: "Smartphone users 18-35 who like productivity tips and clean design.",
    handles: ["apps", "techtips", "digital"],
    bios: ["I test apps so you don't have to.", "Productivity tips, app reviews and a lot of coffee."],
    males: 55,
  },
  automotive: {
    products: ["dash cam", "car care kit", "EV charger", "roof box"],
    titles: ["Road trip with our {product}", "Install and review the {product}", "Weekend garage: {product}"],
    pitch: "{brand} makes the {product} drivers recommend to each other.",
    audience: "Car enthusiasts and commuters 25-50, mostly male, who watch reviews before buying.",
    handles: ["drives", "garage", "motors"],
    bios: ["Cars, road trips and honest garage reviews.", "Detailing, tuning and weekend drives."],
    males: 80,
  },
  baby: {
    products: ["stroller", "baby carrier", "organic baby food", "night light"],
    titles: ["First weeks with the {product}", "Parent-tested: our {product}", "A day out with the {product}"],
    pitch: "{brand} designs the {product} we wished we had as new parents.",
    audience: "New and expecting parents 25-40 looking for practical, safe products.",
    handles: ["mama", "family", "littleones"],
    bios: ["Mom of two sharing the messy, happy parts of parenting.", "Parenting hacks and baby gear reviews."],
    males: 20,
  },
  beauty: {
    products: ["vitamin C serum", "vegan lipstick", "hydrating mask", "bronzer palette"],
    titles: ["Glow-up with our {product}", "Morning routine featuring the {product}", "Honest review: {product}"],
    pitch: "{brand} creates clean-formula {product} lines, cruelty-free and dermatologist tested.",
    audience: "Women 18-34 interested in skincare, makeup tutorials and clean beauty.",
    handles: ["glow", "beauty", "makeup"],
    bios: ["Skincare nerd. Honest reviews only.", "Makeup tutorials and clean beauty finds."],
    males: 15,
  },
  books: {
    products: ["audiobook subscription", "book box", "reading light", "e-reader case"],
    titles: ["Read with us: {product}", "Cozy reading nook with our {product}", "Book haul featuring the {product}"],
    pitch: "{brand} helps readers find their next favourite book with the {product}.",
    audience: "Readers 18-45 who follow book clubs and reading challenges.",
    handles: ["reads", "books", "pages"],
    bios: ["Bookworm sharing monthly wrap-ups.", "Fantasy, thrillers and too many bookmarks."],
    males: 35,
  },
  clothing: {
    products: ["linen shirt", "denim jacket", "capsule wardrobe set", "organic hoodie"],
    titles: ["Style our {product} three ways", "Summer lookbook: {product}", "Outfit of the week with the {product}"],
    pitch: "{brand} makes timeless {product} pieces from responsibly sourced fabrics.",
    audience: "Fashion-conscious 18-35 who care about sustainable clothing.",
    handles: ["style", "outfits", "wears"],
    bios: ["Everyday outfits and slow fashion.", "Thrift flips, lookbooks and styling tips."],
    males: 35,
  },
  electronics: {
    products: ["noise-cancelling headphones", "portable speaker", "smartwatch", "power bank"],
    titles: ["Unboxing the {product}", "One week with our {product}", "Tech setup tour with the {product}"],
    pitch: "{brand} engineers the {product} with battery life that lasts a whole trip.",
    audience: "Tech fans 18-40 who watch unboxings and comparisons.",
    handles: ["tech", "unboxed", "gadgets"],
    bios: ["Gadget reviews and desk setups.", "I unbox things. Sometimes I even keep them."],
    males: 70,
  },
  events: {
    products: ["festival pass", "concert ticket bundle", "conference ticket", "food market pass"],
    titles: [
      "Cover the festival with our {product}",
      "Behind the scenes: {product}",
      "Win a {product} for your followers",
    ],
    pitch: "{brand} organises events people plan their year around; the {product} gets you in.",
    audience: "Event-goers 18-35 living in or near the host city.",
    handles: ["events", "nightout", "live"],
    bios: ["Festivals, concerts and the best nights out.", "Covering events from the front row."],
    males: 45,
  },
  grocery: {
    products: ["granola", "cold brew coffee", "plant-based milk", "snack box"],
    titles: ["Breakfast ideas with our {product}", "Taste test: {product}", "Pantry staples: {product}"],
    pitch: "{brand} makes {product} with short ingredient lists and big taste.",
    audience: "Home cooks and foodies 20-45 who shop for healthier staples.",
    handles: ["eats", "foodie", "pantry"],
    bios: ["Quick recipes and grocery hauls.", "Food lover cooking on a budget."],
    males: 40,
  },
  health: {
    products: ["protein powder", "sleep tracker", "vitamin pack", "massage gun"],
    titles: ["Wellness routine with the {product}", "My 21-day {product} challenge", "Recovery day: {product}"],
    pitch: "{brand} backs every {product} with clinical research and third-party testing.",
    audience: "Health-minded adults 22-45 into fitness, sleep and nutrition.",
    handles: ["wellness", "healthy", "fit"],
    bios: ["Wellness coach, sleep nerd, smoothie maker.", "Healthy habits that actually stick."],
    males: 45,
  },
  home: {
    products: ["linen bedding", "smart lamp", "storage baskets", "scented candle"],
    titles: ["Room makeover with our {product}", "Cozy corner featuring the {product}", "Home tour: {product}"],
    pitch: "{brand} designs {product} collections that make small spaces feel calm.",
    audience: "Homeowners and renters 25-45 who love interior inspiration.",
    handles: ["home", "interiors", "nest"],
    bios: ["Small apartment, big ideas.", "DIY home projects and interior inspiration."],
    males: 25,
  },
  jewelry: {
    products: ["gold hoops", "birthstone necklace", "stacking rings", "pearl earrings"],
    titles: ["Layering our {product}", "Gift guide: {product}", "Everyday sparkle with the {product}"],
    pitch: "{brand} handcrafts {product} in recycled gold and silver.",
    audience: "Women 20-40 interested in fashion accessories and gifting.",
    handles: ["sparkle", "jewels", "gold"],
    bios: ["Accessories, layering and gift ideas.", "Minimal jewelry and everyday style."],
    males: 10,
  },
  kitchen: {
    products: ["cast iron skillet", "chef knife", "air fryer", "espresso machine"],
    titles: ["Cook dinner with our {product}", "Three recipes, one {product}", "Kitchen upgrade: {product}"],
    pitch: "{brand} builds the {product} professional cooks take home.",
    audience: "Home cooks 25-55 who follow recipe creators.",
    handles: ["cooks", "kitchen", "recipes"],
    bios: ["Weeknight recipes in 30 minutes.", "Home cook, knife nerd, bread baker."],
    males: 40,
  },
  lifestyle: {
    products: ["travel backpack", "journal set", "water bottle", "weekender bag"],
    titles: ["A week in my life with the {product}", "Travel essentials: {product}", "Slow Sunday with our {product}"],
    pitch: "{brand} makes the {product} that follows you from Monday meetings to weekend escapes.",
    audience: "Young professionals 22-38 who like travel, routines and good design.",
    handles: ["life", "daily", "wanders"],
    bios: ["Travel, coffee and slow living in {city}.", "Everyday life, weekend escapes."],
    males: 40,
  },
  music: {
    products: ["studio headphones", "guitar strings", "MIDI keyboard", "vinyl subscription"],
    titles: ["Jam session with the {product}", "Studio tour featuring our {product}", "Cover song using the {product}"],
    pitch: "{brand} makes the {product} musicians trust on stage and in the studio.",
    audience: "Musicians and music fans 16-35 who watch covers and gear reviews.",
    handles: ["music", "beats", "tunes"],
    bios: ["Covers, originals and gear talk.", "Producer and guitarist from {city}."],
    males: 60,
  },
  office: {
    products: ["standing desk", "ergonomic chair", "planner", "desk organizer"],
    titles: [
      "Desk setup with our {product}",
      "Work-from-home upgrade: {product}",
      "Productive week with the {product}",
    ],
    pitch: "{brand} designs the {product} that makes long workdays comfortable.",
    audience: "Remote workers and students 20-45 who care about their workspace.",
    handles: ["desk", "worksmart", "studio"],
    bios: ["Desk setups and productivity systems.", "Remote worker sharing what works."],
    males: 55,
  },
  pet: {
    products: ["grain-free dog food", "cat tree", "dog harness", "pet camera"],
    titles: ["Our pets try the {product}", "A day with the {product}", "Pet-approved: {product}"],
    pitch: "{brand} makes the {product} vets recommend and pets actually like.",
    audience: "Pet parents 20-50 who share photos and care tips.",
    handles: ["paws", "pets", "woof"],
    bios: ["Two dogs, one cat, zero chill.", "Pet care tips and cute chaos."],
    males: 30,
  },
  shoes: {
    products: ["running shoes", "leather boots", "white sneakers", "hiking shoes"],
    titles: ["Put 100 km on our {product}", "Styling the {product}", "Sneaker rotation: {product}"],
    pitch: "{brand} crafts {product} that are comfortable from the first step.",
    audience: "Sneaker fans and runners 18-40 who follow style and fitness creators.",
    handles: ["kicks", "steps", "sneakers"],
    bios: ["Sneaker collector and casual runner.", "Shoes, streetwear and city walks."],
    males: 60,
  },
  sports: {
    products: ["yoga mat", "smart jump rope", "cycling jersey", "resistance bands"],
    titles: ["Training session with the {product}", "30-day challenge: {product}", "Race prep with our {product}"],
    pitch: "{brand} designs {product} gear tested by athletes.",
    audience: "Active people 18-40 into running, cycling, yoga and gym training.",
    handles: ["fit", "runs", "active"],
    bios: ["Marathoner and yoga teacher.", "Workouts you can do anywhere."],
    males: 55,
  },
  toys: {
    products: ["building blocks set", "wooden puzzle", "board game", "plush toy"],
    titles: ["Family game night with the {product}", "Kids review our {product}", "Rainy day fun: {product}"],
    pitch: "{brand} makes the {product} kids ask for again and again.",
    audience: "Parents 25-45 with children aged 3-12.",
    handles: ["playtime", "kids", "games"],
    bios: ["Toy reviews by a very honest 7-year-old (and mum).", "Family fun and game nights."],
    males: 30,
  },
  videogames: {
    products: ["gaming headset", "controller", "indie game", "gaming chair"],
    titles: ["Stream with the {product}", "First look at the {product}", "Let's play: {product}"],
    pitch: "{brand} builds the {product} pro players use on stream.",
    audience: "Gamers 16-30 who watch streams and gameplay videos.",
    handles: ["plays", "gg", "gaming"],
    bios: ["Streaming five nights a week.", "Speedruns, indie gems and bad puns."],
    males: 75,
  },
};

/** Extra interests of audiences, beside the categories themselves. */
export const INTERESTS = [
  "travel",
  "fitness",
  "fashion",
  "food",
  "gaming",
  "parenting",
  "technology",
  "music",
  "books",
  "design",
  "photography",
  "wellness",
  "sustainability",
  "pets",
  "cars",
  "movies",
] as const;
