import { describe, expect, it } from 'vitest';
import { checkRecipeDraft, isValidDraftLine, newDraftLine } from './recipe-draft.ts';

describe('recipe drafts', () => {
  it('counts a line only with a part and a quantity above 0', () => {
    expect(isValidDraftLine(newDraftLine(1, '2'))).toBe(true);
    expect(isValidDraftLine(newDraftLine(null, '2'))).toBe(false);
    expect(isValidDraftLine(newDraftLine(1, ''))).toBe(false);
    expect(isValidDraftLine(newDraftLine(1, '0'))).toBe(false);
    expect(isValidDraftLine(newDraftLine(1, '-1'))).toBe(false);
  });

  it('keeps only the valid lines, in their order', () => {
    expect(checkRecipeDraft([newDraftLine(3, '2'), newDraftLine(null, '5'), newDraftLine(4, '0'), newDraftLine(1, '1')])).toEqual({
      ok: true,
      body: {
        recipes: [
          { part_id: 3, quantity_required: 2 },
          { part_id: 1, quantity_required: 1 },
        ],
      },
    });
  });

  it('asks for one part when no line is valid, and refuses what the contract refuses', () => {
    expect(checkRecipeDraft([newDraftLine()])).toEqual({ ok: false, message: '少なくとも1つの部品を設定してください' });
    expect(checkRecipeDraft([])).toEqual({ ok: false, message: '少なくとも1つの部品を設定してください' });
    expect(checkRecipeDraft([newDraftLine(1, '2.5')])).toEqual({ ok: false, message: '必要数量は整数で入力してください' });
    expect(checkRecipeDraft([newDraftLine(1, '1'), newDraftLine(1, '2')])).toEqual({ ok: false, message: '同じ部品が複数の行に設定されています' });
  });
});
