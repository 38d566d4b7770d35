// Messages more than one domain (and the routes) answer with.

export const notFoundMessages = {
  part: '部品が見つかりません',
  product: '商品が見つかりません',
  tag: 'タグが見つかりません',
  order: '発注が見つかりません',
  plan: '製造計画が見つかりません',
  sale: '売上記録が見つかりません',
  announcement: '告知が見つかりません',
} as const;
