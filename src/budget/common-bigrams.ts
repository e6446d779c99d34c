// Which letter pairs are common inside words. A run of letters made of common pairs (words, identifiers) merges into
// few o200k tokens; one full of rare pairs (random letters, hashes) splits about every two letters. The 226 pairs below
// are the most frequent inside words of TypeScript's compiler, the DOM declarations and this project's README (95% of
// all pairs there): random letters land on them a third of the time.

const COMMON =
  "abacadagaialamanaparasatauaybabebiblbobucacccechcickclcocrcsctcudadddedidndodsdtdueaebecedeeefeielemeneoeperesetevewexeyfafefiflfofrfugeglgngrgsgtguhahehihohtiaicidieifigiliminioipirisitivizjejskekilaldlelilllolsltlulymambmdmemimmmompnancndnenfngninlnnnonsntnuobocodofoiojokolomonoooporosotouowozpapepiplpoppprpsptpuqurarcrdrerfrgrirmrnrorrrsrtrurysascsdsesfshsisospssstsusytatctdtetfthtitltmtntotptrtstttutyuaueulumunupurusutvavevivowewixpxtymynypzezi";

/** For each pair of lower-case letters (26 * first + second): 1 when it is common. */
const table = new Uint8Array(26 * 26);
for (let index = 0; index < COMMON.length; index += 2)
  table[(COMMON.charCodeAt(index) - 97) * 26 + COMMON.charCodeAt(index + 1) - 97] = 1;

/** Whether two letters (any case) form a common pair; `first` and `second` are char codes of ASCII letters. */
export function isCommonPair(first: number, second: number): boolean {
  return table[((first | 32) - 97) * 26 + (second | 32) - 97] === 1;
}
