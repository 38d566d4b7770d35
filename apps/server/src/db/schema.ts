import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

// Column conventions: see migrations/2026-11-22-0001-initial-schema.ts.
// `*_sen` columns hold money as integer hundredths of a yen; flags are 0/1 integers;
// dates are yyyy-MM-dd strings and timestamps ISO-8601 strings on both databases.

export type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  email_verified: Generated<Flag>;
  google_sub: string | null;
  last_login_at: string | null;
  /** The workspace of the user's last sign-in or switch: where the next sign-in opens. */
  last_workspace_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  max_members: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type MembershipRole = 'admin' | 'member';

export interface MembershipsTable {
  id: Generated<number>;
  workspace_id: number;
  user_id: number;
  role: MembershipRole;
  is_active: Generated<Flag>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface InvitationCodesTable {
  id: Generated<number>;
  workspace_id: number;
  code: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface VerificationTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OauthStatesTable {
  state: string;
  code_verifier: string;
  nonce: string;
  created_at: string;
  expires_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  /** The client address the attempt came from (request.ip). */
  client_address: Generated<string>;
  created_at: string;
}

export interface PartsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  unit: string | null;
  unit_price_sen: number | null;
  current_stock: Generated<number>;
  min_stock_alert: Generated<number>;
  url: string | null;
  part_number: string | null;
  category: string | null;
  status: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface TagsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  color: string;
  created_at: string;
  updated_at: string;
}

export interface PartTagsTable {
  workspace_id: number;
  part_id: number;
  tag_id: number;
  created_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  selling_price_sen: number | null;
  current_stock: Generated<number>;
  url: string | null;
  part_number: string | null;
  created_at: string;
  updated_at: string;
}

export interface RecipeLinesTable {
  id: Generated<number>;
  workspace_id: number;
  product_id: number;
  part_id: number;
  quantity_required: number;
}

/** What a product's recipe gives with its parts as they are, as last computed (domains/recipe-totals). */
export interface ProductRecipeTotalsTable {
  product_id: number;
  workspace_id: number;
  max_manufacturable: number;
  /** JSON: the limiting parts of the Capacity contract, in part id order. */
  limiting_parts: string;
  /** Σ unit_price_sen × quantity_required (parts without a price count 0), as a double. */
  cost_sen: number;
  recipe_line_count: number;
}

export type OrderStatus = 'ordered' | 'shipped' | 'delivered' | 'cancelled';

export interface OrdersTable {
  id: Generated<number>;
  workspace_id: number;
  part_id: number;
  quantity: number;
  unit_price_sen: number | null;
  order_date: string;
  expected_delivery_date: string | null;
  status: Generated<OrderStatus>;
  delivered_at: string | null;
  notes: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** The manufacturing plan whose shortages this order covers (null: an ordinary order). */
  plan_id: number | null;
}

export interface StockEntriesTable {
  id: Generated<number>;
  workspace_id: number;
  part_id: number;
  quantity: number;
  unit_price_sen: number | null;
  entry_date: string;
  notes: string | null;
  order_id: number | null;
  created_by: number | null;
  created_at: string;
}

export interface ManufacturingRecordsTable {
  id: Generated<number>;
  workspace_id: number;
  product_id: number | null;
  product_name: string;
  quantity: number;
  manufacturing_date: string;
  notes: string | null;
  created_by: number | null;
  created_at: string;
}

export type PlanStatus = 'active' | 'completed' | 'cancelled';

export interface ManufacturingPlansTable {
  id: Generated<number>;
  workspace_id: number;
  product_id: number;
  quantity: number;
  remaining_quantity: number;
  start_date: string;
  end_date: string;
  status: Generated<PlanStatus>;
  notes: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SalesTable {
  id: Generated<number>;
  workspace_id: number;
  product_id: number | null;
  product_name: string;
  quantity: number;
  unit_price_sen: number;
  total_amount_sen: number;
  total_cost_sen: number;
  profit_sen: number;
  sale_date: string;
  url: string | null;
  notes: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface StockMovementsTable {
  id: Generated<number>;
  workspace_id: number;
  part_id: number | null;
  product_id: number | null;
  kind: string;
  quantity_delta: number;
  balance_after: number;
  reference_id: number | null;
  note: string | null;
  user_id: number | null;
  created_at: string;
}

export type AnnouncementType = 'info' | 'warning' | 'error' | 'success';

export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  content: string;
  type: AnnouncementType;
  is_active: Generated<Flag>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  invitation_codes: InvitationCodesTable;
  verification_tokens: VerificationTokensTable;
  oauth_states: OauthStatesTable;
  login_failures: LoginFailuresTable;
  parts: PartsTable;
  tags: TagsTable;
  part_tags: PartTagsTable;
  products: ProductsTable;
  recipe_lines: RecipeLinesTable;
  product_recipe_totals: ProductRecipeTotalsTable;
  orders: OrdersTable;
  stock_entries: StockEntriesTable;
  manufacturing_records: ManufacturingRecordsTable;
  manufacturing_plans: ManufacturingPlansTable;
  sales: SalesTable;
  stock_movements: StockMovementsTable;
  announcements: AnnouncementsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Workspace = Selectable<WorkspacesTable>;
export type Membership = Selectable<MembershipsTable>;
export type Session = Selectable<SessionsTable>;
export type Part = Selectable<PartsTable>;
export type PartUpdate = Updateable<PartsTable>;
