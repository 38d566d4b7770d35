// Hiragana (ぁ … ゖ, ゝ ゞ) sit 0x60 code points below their katakana (ァ … ヶ, ヽ ヾ).
const HIRAGANA = /[\u3041-\u3096\u309d\u309e]/g;
const KATAKANA_OFFSET = 0x60;

/**
 * The one form every search box compares text in (parts, orders, tags, the searchable dropdowns):
 * NFKC (full-width letters and digits become ASCII, half-width katakana become full-width, a voiced
 * mark joins its kana), lower case, and hiragana folded onto katakana. So ねじ, ネジ and ﾈｼﾞ find
 * one another, and ＬＥＤ finds led. Both the needle and the text go through it.
 */
export function normaliseForSearch(text: string) {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(HIRAGANA, (kana) => String.fromCharCode(kana.charCodeAt(0) + KATAKANA_OFFSET));
}

