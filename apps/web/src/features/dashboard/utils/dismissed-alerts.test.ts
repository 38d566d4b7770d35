import { describe, expect, it } from 'vitest';
import { DISMISSED_ALERTS_KEY, loadDismissedAlerts, saveDismissedAlert } from './dismissed-alerts.ts';

const stored = () => JSON.parse(localStorage.getItem(DISMISSED_ALERTS_KEY) ?? 'null');

describe('dismissed alerts', () => {
  it('remembers each kind for the day it was dismissed', () => {
    saveDismissedAlert('2026-05-15', 'overdue');
    saveDismissedAlert('2026-05-15', 'lowStock');
    saveDismissedAlert('2026-05-15', 'overdue');
    expect(stored()).toEqual({ '2026-05-15': ['overdue', 'lowStock'] });
    expect(loadDismissedAlerts('2026-05-15')).toEqual(new Set(['overdue', 'lowStock']));
  });

  it('shows every banner again the next day and purges the earlier days at load', () => {
    localStorage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify({ '2026-05-13': ['upcoming'], '2026-05-14': ['overdue'] }));
    expect(loadDismissedAlerts('2026-05-15')).toEqual(new Set());
    expect(localStorage.getItem(DISMISSED_ALERTS_KEY)).toBeNull();

    localStorage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify({ '2026-05-14': ['overdue'], '2026-05-15': ['upcoming'] }));
    expect(loadDismissedAlerts('2026-05-15')).toEqual(new Set(['upcoming']));
    expect(stored()).toEqual({ '2026-05-15': ['upcoming'] });
  });

  it('treats an unreadable value as nothing dismissed and drops it', () => {
    localStorage.setItem(DISMISSED_ALERTS_KEY, '{not json');
    expect(loadDismissedAlerts('2026-05-15')).toEqual(new Set());
    expect(localStorage.getItem(DISMISSED_ALERTS_KEY)).toBeNull();

    localStorage.setItem(DISMISSED_ALERTS_KEY, JSON.stringify({ '2026-05-15': ['overdue', 'bogus', 7] }));
    expect(loadDismissedAlerts('2026-05-15')).toEqual(new Set(['overdue']));
    expect(stored()).toEqual({ '2026-05-15': ['overdue'] });
  });
});
