import { describe, expect, it } from 'vitest';
import { normaliseForSearch } from './search-text.ts';

describe('normaliseForSearch', () => {
  it('gives hiragana, katakana and half-width katakana one form', () => {
    const forms = ['ねじ', 'ネジ', 'ﾈｼﾞ'].map(normaliseForSearch);
    expect(new Set(forms).size).toBe(1);
    expect(normaliseForSearch('ぱっきん')).toBe(normaliseForSearch('ﾊﾟｯｷﾝ'));
    expect(normaliseForSearch('ゔぁゝゞゕゖ')).toBe('ヴァヽヾヵヶ');
  });

  it('folds width and case, and leaves kanji, the long-vowel mark and symbols alone', () => {
    expect(normaliseForSearch('ＬＥＤ　Ｍ３')).toBe('led m3');
    expect(normaliseForSearch('ケーブル 抵抗 1kΩ')).toBe('ケーブル 抵抗 1kω');
  });
});
