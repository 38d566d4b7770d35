import { useCallback, useState } from 'react';
import { formatIsoDate } from '../../../lib/format.ts';
import { type AlertKind, loadDismissedAlerts, saveDismissedAlert } from '../utils/dismissed-alerts.ts';

/**
 * Which alert banners the user closed today. Read once when the dashboard mounts (purging earlier
 * days); a page left open past midnight keeps today's choice until it is reloaded.
 */
export function useDismissedAlerts() {
  const [today] = useState(() => formatIsoDate(new Date()));
  const [dismissed, setDismissed] = useState(() => loadDismissedAlerts(today));
  const dismiss = useCallback(
    (kind: AlertKind) => {
      saveDismissedAlert(today, kind);
      setDismissed((previous) => new Set(previous).add(kind));
    },
    [today],
  );
  return { dismissed, dismiss };
}
