// /transfer/external: the refusals before sending, starting from what is saved, a business
// initiator, Spanish at 390 px, layout and keyboard (test/e2e/external-transfers-suite.ts).
import { externalTransferTests } from './external-transfers-suite.ts'

externalTransferTests('rest')
