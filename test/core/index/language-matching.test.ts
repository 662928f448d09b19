import { describe, expect, it } from "vitest";
import type { ChunkIndex } from "../../../src/core/index/chunk-index";
import { indexNotes } from "../../fakes/markdown-index";

// Notes long enough in function words for each to be detected as its language.
const NOTES: Record<string, string> = {
  "sv/gitarr.md":
    "# Gitarr\n\nJag har börjat spela gitarr på kvällarna. De vanligaste ackorden lärde jag mig först, och nu kan jag spela några enkla sånger för min dotter.",
  "sv/hund.md":
    "# Hunden\n\nVår labrador Saga behöver två långa promenader om dagen, och hon är alltid glad när vi går ut på morgonen.",
  "nl/fiets.md":
    "# Fiets\n\nDe ketting van mijn fiets is kapot en de band van het achterwiel is lek. Ik breng hem morgen naar de winkel van de buurman, want die is het dichtst bij.",
  "nl/markt.md":
    "# Markt\n\nOp zaterdag gaan wij naar de markt van het dorp. Daar kopen we kaas van de boer en een bos bloemen van de kraam bij de kerk, en dan drinken we koffie.",
  "nl/trein.md":
    "# Trein\n\nDe trein van acht uur was weer te laat. Ik heb een half uur op het perron van station Utrecht gestaan en de conducteur wist ook niet waarom het zo lang duurde.",
  "fr/velo.md":
    "# Réparer mon vélo\n\nLa chaîne de mon vélo est cassée et le pneu arrière est à plat. Je vais le porter chez le réparateur de la rue, parce que je ne sais pas le faire moi-même.",
  "en/walk.md": "# Walk\n\nWe walked along the river with the dog in the morning, and then we had breakfast at the cafe by the bridge.",
  "fi/takki.md":
    "# Talvitakki\n\nOstin uuden talvitakin, koska vanha oli jo liian pieni. Se on lämmin ja siinä on hyvä huppu, mutta hihat ovat vähän pitkät minulle.",
  "da/job.md":
    "# Jobsamtale\n\nJeg skal til jobsamtale i morgen, og jeg er lidt nervøs for at skulle tale om mig selv. Det er svært at vide, hvad de gerne vil høre, men jeg har øvet mig.",
  "da/tog.md":
    "# Nattog\n\nVi tog nattoget til Stockholm for at spare en nat på hotel. Det var billigere end at flyve, og det var hyggeligt at vågne op i en anden by med udsigt.",
  "da/have.md":
    "# Have\n\nDet er dejligt at have en lille have bag huset. Om foråret er der meget at lave, men om sommeren kan vi sidde ude og se på blomsterne hele aftenen.",
  "es/abrigo.md":
    "# Un abrigo nuevo\n\nFui a la tienda porque mi abrigo viejo ya no me quedaba bien. Me probé uno azul, pero la talla era demasiado pequeña para mí y no tenían otro.",
  "es/setas.md":
    "# Coger setas\n\nEl domingo fuimos al monte con mi abuelo y cogimos muchas setas debajo de los árboles. Él sabe cuáles se pueden comer y cuáles no, porque lo aprendió de su padre.",
  "en/house.md": "# House\n\nOur house is old, and the old stairs creak when anyone walks up to the attic at night.",
  "en/machine.md": "# Machine\n\nEvery cog in the old machine turns when you pull the lever by the monte, and then it stops again.",
};

const notes = (idx: ChunkIndex, query: string, limit = 5): string[] => [
  ...new Set(idx.keywordSearch(query, { limit }).map((h) => h.id.replace(/#\d+$/, ""))),
];

describe("a query word matches chunks in the languages that stem it that way", () => {
  const idx = indexNotes(NOTES);

  it("detects the notes' languages", () => {
    expect(idx.languages().map((l) => l.code).sort()).toEqual(["da", "en", "es", "fi", "fr", "nl", "sv"]);
  });

  it("does not match a Swedish stem against the same letters in Dutch notes", () => {
    // Swedish stems "vanligaste" to "van", which is the Dutch word for "of".
    expect(notes(idx, "vanligaste")).toEqual(["sv/gitarr.md"]);
  });

  it("lets other languages' stems stand in when the word's own ones find nothing", () => {
    // French stemming keeps the plural "vélos" whole; only another language's stemmer reaches the note's "vélo".
    expect(notes(idx, "vélos")[0]).toBe("fr/velo.md");
  });

  it("corrects a misspelt word whose stem in another language is a common word there", () => {
    // Finnish stems "atlla" to "at", a word every Danish note uses; Spanish has "talla" one edit away.
    expect(notes(idx, "atlla")[0]).toBe("es/abrigo.md");
  });

  it("corrects a misspelt inflected word whose real stem is a short beginning of it", () => {
    // "cogimos" stems to "cog" in Spanish, three letters of the seven typed.
    expect(notes(idx, "cogimog")[0]).toBe("es/setas.md");
  });

  it("lets a stem that begins a misspelt word count only in notes holding a word close to it", () => {
    // "cog" begins "cogimog". The English machine note has the word "cog" but nothing close to "cogimog", so the
    // misspelt word must not lift it above the note that says "old" more often.
    const ranked = notes(idx, "old cogimog", 10);
    expect(ranked[0]).toBe("es/setas.md");
    expect(ranked.indexOf("en/house.md")).toBeGreaterThan(0);
    expect(ranked.indexOf("en/house.md")).toBeLessThan(ranked.indexOf("en/machine.md"));
  });

  it("finds a word in another form that the stemmer leaves apart from the note's", () => {
    // Swedish stems "labradoren" to "labrador" but the note's "labrador" to "labrad".
    expect(notes(idx, "labradoren")[0]).toBe("sv/hund.md");
  });
});
