import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

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
  /** When the owner of a listed SUPER_ADMIN_EMAILS address last proved it (reset mail or Google sign-in). */
  super_admin_proven_at: string | null;
  /** Base32 TOTP secret while the second factor is on. */
  totp_secret: string | null;
  /** A secret set up and not yet confirmed with a code. */
  totp_pending_secret: string | null;
  /** Time step of the last accepted TOTP code: each code is accepted once. */
  totp_last_step: number | null;
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
  /** 1 on the memberships an account had when it was taken over by proof of its address, until kept or left. */
  needs_review: Generated<Flag>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  /** The User-Agent of the sign-in (at most 512 characters), for the list of signed-in devices. */
  user_agent: string | null;
}

/** The last signed-in request of a session, to the minute. */
export interface SessionActivityTable {
  session_id: string;
  last_seen_at: string;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface MfaChallengesTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the browser names the credential. */
  credential_id: string;
  /** base64url of the COSE public key. */
  public_key: string;
  counter: Generated<number>;
  /** JSON array of the authenticator's transports. */
  transports: Generated<string>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type WebauthnPurpose = 'register' | 'login';

export interface WebauthnChallengesTable {
  challenge: string;
  /** The user registering a passkey; null for a sign-in (the passkey names the user). */
  user_id: number | null;
  purpose: WebauthnPurpose;
  created_at: string;
  expires_at: string;
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
  /** Optional; unique per workspace across parts and products. */
  barcode: string | null;
  status: Generated<string>;
  /** When a stocktake's commit last counted the part (null: never). */
  last_counted_at: Generated<string | null>;
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
  /** Optional; unique per workspace across parts and products. */
  barcode: string | null;
  /** When a stocktake's commit last counted the product (null: never). */
  last_counted_at: Generated<string | null>;
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
  /** Set on a sale imported from a shop's order file: the source's name and the order id. */
  import_source_name: Generated<string | null>;
  import_order_id: Generated<string | null>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface SalesImportFormatsTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  /** JSON of the header names per field. */
  columns: string;
  /** JSON array of the status values that mean cancelled. */
  cancelled_values: string;
  created_at: string;
  updated_at: string;
}

export interface SalesImportAliasesTable {
  id: Generated<number>;
  workspace_id: number;
  source: string;
  external_sku: string;
  external_name: string;
  /** Null: lines of this SKU and name are not imported. */
  product_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type SalesImportLineState = 'imported' | 'returned' | 'cancelled';

export interface SalesImportLinesTable {
  id: Generated<number>;
  workspace_id: number;
  source: string;
  order_id: string;
  line_key: string;
  sale_id: number | null;
  state: SalesImportLineState;
  created_at: string;
  updated_at: string;
}

export interface SalesImportHistoryTable {
  id: Generated<number>;
  workspace_id: number;
  user_id: number | null;
  file_name: string;
  source: string;
  source_name: string;
  lines: number;
  imported: number;
  duplicates: number;
  returned: number;
  created_at: string;
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
  /** Why stock was set by hand or by a count (a code of STOCK_REASONS), else null. */
  reason: string | null;
  /** The business date of the event (yyyy-MM-dd): what valuation on a day sums. */
  effective_date: string;
  user_id: number | null;
  created_at: string;
}

export type StocktakeStatus = 'counting' | 'committed' | 'cancelled';

export interface StocktakesTable {
  id: Generated<number>;
  workspace_id: number;
  name: string;
  /** JSON of the StocktakeScope asked for. */
  scope: string;
  status: Generated<StocktakeStatus>;
  reason: string | null;
  reason_note: string | null;
  created_by: number | null;
  created_at: string;
  committed_by: number | null;
  committed_at: string | null;
  cancelled_by: number | null;
  cancelled_at: string | null;
}

export interface StocktakeLinesTable {
  id: Generated<number>;
  workspace_id: number;
  stocktake_id: number;
  part_id: number | null;
  product_id: number | null;
  /** The item's stock at the snapshot. */
  expected: number;
  /** The last count of the line (null: not counted yet). */
  counted: number | null;
  counted_by: number | null;
  counted_at: string | null;
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
  session_activity: SessionActivityTable;
  password_reset_tokens: PasswordResetTokensTable;
  recovery_codes: RecoveryCodesTable;
  mfa_challenges: MfaChallengesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
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
  sales_import_formats: SalesImportFormatsTable;
  sales_import_aliases: SalesImportAliasesTable;
  sales_import_lines: SalesImportLinesTable;
  sales_import_history: SalesImportHistoryTable;
  stock_movements: StockMovementsTable;
  stocktakes: StocktakesTable;
  stocktake_lines: StocktakeLinesTable;
  announcements: AnnouncementsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Workspace = Selectable<WorkspacesTable>;
export type Membership = Selectable<MembershipsTable>;
export type Session = Selectable<SessionsTable>;
export type Part = Selectable<PartsTable>;
export type PartUpdate = Updateable<PartsTable>;

export type Db = Kysely<Database>;
/** A connection or an open transaction: repositories accept either. */
export type DbOrTx = Kysely<Database> | Transaction<Database>;
