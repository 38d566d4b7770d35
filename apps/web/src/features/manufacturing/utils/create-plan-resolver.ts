import { zodResolver } from '@hookform/resolvers/zod';
import { createPlanBody } from '@inventory/contracts/manufacturing';

/** The plan form's schema check; it brings zod, so the form loads it with its first validation. */
export const createPlanResolver = zodResolver(createPlanBody);
