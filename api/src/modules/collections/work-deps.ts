import type { RepaymentModule } from '../repayments/service';
import type { CollectionServiceDeps } from './service';
import type { CollectionWorkStore } from './work-store';

/** What the collection work (cases, contacts, promises, terminations) is handed. */
export interface CollectionWorkDeps extends Omit<CollectionServiceDeps, 'repayments'> {
  work: CollectionWorkStore;
  repayments: Pick<
    RepaymentModule,
    'activeAgreementIds' | 'collectionPosition' | 'lockedBooks' | 'terminate' | 'amountDueNow'
  >;
}
