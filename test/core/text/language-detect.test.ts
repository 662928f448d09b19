import { describe, expect, it } from "vitest";
import { Analyzer } from "../../../src/core/text/analyzer";
import { detectLanguage } from "../../../src/core/text/language-detect";
import { ENGLISH, languageOf } from "../../../src/core/text/languages";

const a = new Analyzer();
const GERMAN = languageOf("de");

describe("language detection", () => {
  it.each([
    ["de", "Die Katze sitzt auf dem Dach und schaut in den Garten, weil sie nicht schlafen kann."],
    ["sv", "Katten sitter på taket och tittar ut över trädgården, eftersom hon inte kan sova."],
    ["ru", "Кошка сидит на крыше и смотрит в сад, потому что она не может уснуть."],
    ["tr", "Kedi çatıda oturuyor ve bahçeye bakıyor, çünkü o bu gece hiç uyuyamıyor ve çok da yorgun."],
    ["fr", "Le chat est assis sur le toit et regarde le jardin, car il ne peut pas dormir."],
    ["en", "The cat sits on the roof and looks at the garden, because she cannot sleep."],
  ])("tells %s from its function words", (code, text) => {
    expect(a.detect(text).code).toBe(code);
  });

  // Close languages side by side: the same everyday sentence in each, and a short one in Danish and Norwegian.
  it.each([
    ["da", "Vi tog toget til Aarhus i går, fordi bilen var på værksted, og det var meget hyggeligt at se bedstemor igen."],
    ["no", "Vi tok toget til Bergen i går fordi bilen var på verksted, og det var veldig hyggelig å se bestemor igjen."],
    ["sv", "Vi tog tåget till Göteborg i går eftersom bilen var på verkstad, och det var mycket trevligt att träffa mormor igen."],
    ["de", "Wir sind gestern mit dem Zug nach Hamburg gefahren, weil das Auto in der Werkstatt war, und es war schön."],
    ["nl", "We zijn gisteren met de trein naar Utrecht gegaan, omdat de auto bij de garage stond, en het was fijn."],
    ["da", "Hun sagde, at hun ikke havde tid i dag, men at hun gerne ville komme efter arbejde."],
    ["no", "Hun sa at hun ikke hadde tid i dag, men at hun gjerne ville komme etter jobben."],
    ["es", "Fui al dentista por la tarde porque me dolía una muela, y todavía tengo la boca dormida."],
    ["pt", "Fui ao dentista à tarde porque um dente doía, e a boca ainda está dormente toda vez que falo."],
    // Only Norwegian's infinitive "å" (Danish: "at") tells this one apart.
    ["no", "På fredag skal jeg på intervju, og jeg må huske å fortelle om prosjektet vi har gjort."],
  ])("tells %s from its closest neighbours", (code, text) => {
    expect(a.detect(text).code).toBe(code);
  });

  it.each([
    ["uk", "Ми живемо в невеликому місті, де є стара бібліотека і парк біля річки, але тут дуже тихо."],
    ["bg", "Ние живеем в малък град, където има стара библиотека и парк до реката, но тук е много тихо."],
    ["ru", "Мы живём в маленьком городе, где есть старая библиотека и парк у реки, но здесь очень тихо."],
    ["sr", "Mi živimo u malom gradu gde ima stara biblioteka, ali niko nije znao kako da je nađe."],
    ["sr", "Ми живимо у малом граду где има стара библиотека, али нико није знао како да је нађе."],
    ["el", "Ζούμε σε μια μικρή πόλη όπου υπάρχει μια παλιά βιβλιοθήκη και ένα πάρκο δίπλα στο ποτάμι."],
    ["ar", "نحن نعيش في مدينة صغيرة حيث توجد مكتبة قديمة وحديقة بجانب النهر."],
    ["hi", "हम एक छोटे शहर में रहते हैं जहाँ एक पुरानी लाइब्रेरी और नदी के पास एक पार्क है।"],
    ["ne", "हामी एउटा सानो सहरमा बस्छौं जहाँ एउटा पुरानो पुस्तकालय र खोलाको छेउमा एउटा पार्क छ।"],
    ["id", "Kami tinggal di sebuah kota kecil yang memiliki perpustakaan tua dan taman di dekat sungai."],
    ["lt", "Mes gyvename mažame mieste, kuriame yra sena biblioteka ir parkas prie upės."],
    ["ga", "Tá cónaí orainn i mbaile beag ina bhfuil seanleabharlann agus páirc in aice leis an abhainn."],
    ["ta", "நாங்கள் ஒரு சிறிய நகரத்தில் வசிக்கிறோம், அங்கு ஒரு பழைய நூலகமும் ஆற்றின் அருகே ஒரு பூங்காவும் உள்ளது."],
    ["it", "Abitiamo in una piccola città dove c'è una vecchia biblioteca e un parco vicino al fiume."],
    ["pt", "Moramos numa cidade pequena onde há uma biblioteca antiga e um parque perto do rio."],
    ["hu", "Egy kis városban lakunk, ahol van egy régi könyvtár és egy park a folyó mellett."],
    ["fi", "Käyn aina ennen töitä kaupassa, mutta eilen jäin kotiin, koska satoi taas paljon."],
    ["ro", "Locuim într-un oraș mic unde există o bibliotecă veche și un parc lângă râu."],
  ])("tells %s in its own script", (code, text) => {
    expect(a.detect(text).code).toBe(code);
  });

  it("takes Greek from its script alone, even in a title without function words", () => {
    expect(a.detect("Βιβλιοθήκη Αθηνών").code).toBe("el");
  });

  it("gives a tie between two languages to one of them rather than to an unrelated fallback", () => {
    const got = detectLanguage([["og", 2], ["jeg", 2], ["skal", 1]], ENGLISH).code;
    expect(["da", "no"]).toContain(got);
  });

  it("keeps an English table of links English although 'link' is a Lithuanian function word", () => {
    expect(a.detect("| link | link to a note | link | link | save the link | link | to the file in the vault |").code).toBe("en");
  });

  it("reads no language into links: 'com' of github.com is Portuguese for 'with'", () => {
    const links = [1, 2, 3, 4]
      .map((i) => `- [Release ${i}](https://github.com/someone/plugin/releases/tag/${i}.0) on github.com/someone`)
      .join("\n");
    expect(a.detect(links).code).toBe("en");
  });

  it("falls back when the text says too little: a title, names, code", () => {
    expect(a.detect("Kubernetes", ENGLISH)).toBe(ENGLISH);
    expect(a.detect("Hausaufgaben Mathematik", GERMAN)).toBe(GERMAN);
    expect(a.detect("const x = map.get(key) ?? 0;", ENGLISH)).toBe(ENGLISH);
  });

  it("keeps English prose English although it holds a few words that are function words elsewhere", () => {
    const text = "A sensitive mass spectrometry platform identifies metabolic changes of life history traits in C. elegans";
    expect(a.detect(text).code).toBe("en");
  });

  it("reads frontmatter-style codes and names", () => {
    expect(languageOf("de-AT")?.code).toBe("de");
    expect(languageOf("nb")?.code).toBe("no");
    expect(languageOf("Swedish")?.code).toBe("sv");
    expect(languageOf("tlh")).toBeUndefined();
  });
});

describe("per-language analysis", () => {
  it("stems each language with its own Snowball stemmer and drops its stop words", () => {
    expect(a.terms("Die Häuser und die Gärten", GERMAN)).toEqual(["haus", "gart"]);
    expect(a.terms("katterna och hundarna", languageOf("sv"))).toEqual(["katt", "hund"]);
    expect(a.terms("кошки и собаки", languageOf("ru"))).toEqual(["кошк", "собак"]);
  });

  it("still folds accents, so a query typed without them matches", () => {
    expect(a.terms("Café", languageOf("fr"))).toEqual(a.terms("cafe", languageOf("fr")));
  });
});
