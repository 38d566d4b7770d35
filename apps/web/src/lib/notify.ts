import { toast } from 'sonner';

export const TOAST_DURATION_MS = { default: 5000, error: 8000, warning: 6000 } as const;

export const notify = {
  /** `description` is a second, smaller line (e.g. what else happened). */
  success(message: string, description?: string) {
    toast.success(message, { duration: TOAST_DURATION_MS.default, ...(description ? { description } : {}) });
  },
  error(message: string) {
    toast.error(message, { duration: TOAST_DURATION_MS.error });
  },
  warning(message: string) {
    toast.warning(message, { duration: TOAST_DURATION_MS.warning });
  },
  info(message: string) {
    toast.info(message, { duration: TOAST_DURATION_MS.default });
  },
};
