import { loadOnRender } from '../../../lib/load-on-render.tsx';

// The plan dialogs of 製造計画 load when they first open: the edit form brings react-hook-form's
// zod resolver and zod, and both bring the modal's Headless UI dialog.
export const EditPlanModal = loadOnRender(async () => (await import('./edit-plan-modal.tsx')).EditPlanModal);
export const DeletePlanModal = loadOnRender(async () => (await import('./delete-plan-modal.tsx')).DeletePlanModal);
