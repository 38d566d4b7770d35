import { DEFAULT_STOCKTAKE_REASON, REASON_NOTE_MAX, type StockReason } from '@inventory/contracts/stock-reasons';
import type { ScannedItem } from '@inventory/contracts/scan';
import { ClipboardList, Info, PackagePlus, ShoppingCart } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/form/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { STOCK_REASON_OPTIONS } from '../../../components/form/stock-reason-fields.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatCount, formatIsoDate, formatYen } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCountStock } from '../api/count-stock.ts';
import { useOrderScannedPart } from '../api/order-scanned-part.ts';
import { useReceiveScannedPart } from '../api/receive-scanned-part.ts';

type Step = 'actions' | 'receive' | 'order' | 'count';

const unitOf = (item: ScannedItem) => item.unit || '個';

const actionButton =
  'flex min-h-20 flex-col items-center justify-center gap-1 rounded-xl border border-gray-200 bg-gray-50 p-3 text-base font-semibold text-gray-900 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none disabled:opacity-50 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700';

function ActionButton({ icon, label, onClick }: { icon: ReactNode; label: string; onClick: () => void }) {
  return (
    <button type="button" className={actionButton} onClick={onClick}>
      {icon}
      {label}
    </button>
  );
}

/** 入荷, 発注, 在庫を数える and 詳細 for a scanned part or product, each a short form made for one hand. */
export function ScanActionSheet({ item: scanned, onClose, onOpenDetail }: { item: ScannedItem; onClose: () => void; onOpenDetail: (item: ScannedItem) => void }) {
  const [item, setItem] = useState(scanned);
  const [step, setStep] = useState<Step>('actions');
  const back = () => setStep('actions');
  const isPart = item.kind === 'part';
  const unit = unitOf(item);

  return (
    <Modal open onClose={onClose} title={item.name} size="sm">
      <p className="mb-4 text-sm text-gray-600 dark:text-gray-400">
        {isPart ? '部品' : '商品'}
        {item.part_number ? `・品番 ${item.part_number}` : ''}
        <span className="ml-2 text-base font-semibold text-gray-900 dark:text-gray-100" data-testid="scanned-stock">
          在庫 {formatCount(item.current_stock)}
          {unit}
        </span>
      </p>
      {step === 'actions' && (
        <div className="grid grid-cols-2 gap-3">
          {isPart && <ActionButton icon={<PackagePlus className="h-6 w-6" aria-hidden="true" />} label="入荷" onClick={() => setStep('receive')} />}
          {isPart && <ActionButton icon={<ShoppingCart className="h-6 w-6" aria-hidden="true" />} label="発注" onClick={() => setStep('order')} />}
          <ActionButton icon={<ClipboardList className="h-6 w-6" aria-hidden="true" />} label="在庫を数える" onClick={() => setStep('count')} />
          <ActionButton icon={<Info className="h-6 w-6" aria-hidden="true" />} label="詳細" onClick={() => onOpenDetail(item)} />
        </div>
      )}
      {step === 'receive' && <ReceiveForm item={item} onBack={back} onDone={(stock) => { setItem({ ...item, current_stock: stock }); back(); }} />}
      {step === 'order' && <OrderForm item={item} onBack={back} onDone={back} />}
      {step === 'count' && <CountForm item={item} onBack={back} onDone={(stock) => { if (stock !== null) setItem({ ...item, current_stock: stock }); back(); }} />}
    </Modal>
  );
}

function FormButtons({ pending, submitLabel, onBack }: { pending: boolean; submitLabel: string; onBack: () => void }) {
  return (
    <div className="mt-2 flex gap-3">
      <Button variant="secondary" onClick={onBack} disabled={pending} className="flex-1 py-3">
        戻る
      </Button>
      <Button type="submit" disabled={pending} className="flex-1 py-3 text-base">
        {pending ? '登録中...' : submitLabel}
      </Button>
    </div>
  );
}

/** Quantity and price prefilled from the part's last receipt, dated today. */
function ReceiveForm({ item, onBack, onDone }: { item: ScannedItem; onBack: () => void; onDone: (stock: number) => void }) {
  const receive = useReceiveScannedPart();
  const [quantity, setQuantity] = useState(String(item.last_receipt?.quantity ?? 1));
  const [price, setPrice] = useState(item.last_receipt?.unit_price === null || item.last_receipt === null ? '' : String(item.last_receipt.unit_price));
  const [date, setDate] = useState(() => formatIsoDate(new Date()));
  const [error, setError] = useState<string>();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    receive.mutate(
      { partId: item.id, body: { quantity: Number(quantity), unit_price: price === '' ? null : Number(price), entry_date: date } },
      {
        onSuccess: ({ part }) => {
          notify.success(`「${part.name}」を${quantity}${unitOf(item)}入荷しました（在庫: ${formatCount(part.current_stock)}${unitOf(item)}）`);
          onDone(part.current_stock);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-3">
      {item.last_receipt && (
        <p className="text-xs text-gray-500 dark:text-gray-400">
          前回の入荷（{item.last_receipt.entry_date}）: {formatCount(item.last_receipt.quantity)}
          {unitOf(item)}
          {item.last_receipt.unit_price !== null ? `・${formatYen(item.last_receipt.unit_price)}` : ''}
        </p>
      )}
      <TextField label="数量" type="number" inputMode="numeric" min={1} step={1} value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
      <TextField label="単価（円）" type="number" inputMode="decimal" min={0} step={0.01} value={price} onChange={(event) => setPrice(event.target.value)} />
      <TextField label="入荷日" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <FormButtons pending={receive.isPending} submitLabel="入荷を登録" onBack={onBack} />
    </form>
  );
}

function OrderForm({ item, onBack, onDone }: { item: ScannedItem; onBack: () => void; onDone: () => void }) {
  const order = useOrderScannedPart();
  const [quantity, setQuantity] = useState(String(item.last_receipt?.quantity ?? 1));
  const [expected, setExpected] = useState('');
  const [error, setError] = useState<string>();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    order.mutate(
      { partId: item.id, body: { quantity: Number(quantity), order_date: formatIsoDate(new Date()), expected_delivery_date: expected || null } },
      {
        onSuccess: (created) => {
          notify.success(`「${created.part_name}」を${created.quantity}${unitOf(item)}発注しました`);
          onDone();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-3">
      <TextField label="数量" type="number" inputMode="numeric" min={1} step={1} value={quantity} onChange={(event) => setQuantity(event.target.value)} autoFocus />
      <TextField label="納期予定日（任意）" type="date" value={expected} onChange={(event) => setExpected(event.target.value)} />
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <FormButtons pending={order.isPending} submitLabel="発注を登録" onBack={onBack} />
    </form>
  );
}

function CountForm({ item, onBack, onDone }: { item: ScannedItem; onBack: () => void; onDone: (stock: number | null) => void }) {
  const id = useId();
  const count = useCountStock();
  const [counted, setCounted] = useState(item.current_stock);
  const [reason, setReason] = useState<StockReason>(DEFAULT_STOCKTAKE_REASON);
  const [reasonNote, setReasonNote] = useState('');
  const [error, setError] = useState<string>();
  const step = (delta: number) => setCounted((value) => Math.max(0, (Number.isFinite(value) ? value : 0) + delta));
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    count.mutate(
      { item, counted, reason, reasonNote },
      {
        onSuccess: (result) => {
          if (result.into === 'stocktake') {
            notify.success(`棚卸し「${result.stocktakeName}」に「${item.name}」の数（${formatCount(counted)}${unitOf(item)}）を記録しました`);
            onDone(null);
          } else {
            notify.success(`「${item.name}」の在庫を${formatCount(counted)}${unitOf(item)}にしました`);
            onDone(counted);
          }
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const stepButton =
    'h-14 w-14 shrink-0 rounded-full border border-gray-300 bg-white text-2xl font-bold text-gray-800 hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100';
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-3">
      <label htmlFor={`${id}-counted`} className="text-sm font-medium text-gray-700 dark:text-gray-300">
        数えた数（{unitOf(item)}）
      </label>
      <div className="flex items-center gap-3">
        <button type="button" className={stepButton} onClick={() => step(-1)} aria-label="1減らす">
          −
        </button>
        <input
          id={`${id}-counted`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={Number.isFinite(counted) ? counted : ''}
          onChange={(event) => setCounted(event.target.value === '' ? Number.NaN : Number(event.target.value))}
          className="h-14 min-w-0 flex-1 rounded-md border border-gray-300 bg-white px-3 text-center text-2xl font-bold text-gray-900 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        />
        <button type="button" className={stepButton} onClick={() => step(1)} aria-label="1増やす">
          ＋
        </button>
      </div>
      <SelectField
        label="理由（棚卸し中でないときの在庫修正）"
        options={STOCK_REASON_OPTIONS}
        value={reason}
        onChange={(event) => setReason(event.target.value as StockReason)}
      />
      {reason === 'other' && <TextField label="理由の詳細" value={reasonNote} maxLength={REASON_NOTE_MAX} onChange={(event) => setReasonNote(event.target.value)} />}
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <FormButtons pending={count.isPending} submitLabel="数を記録" onBack={onBack} />
    </form>
  );
}
