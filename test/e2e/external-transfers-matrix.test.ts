// /transfer/external, each of the six transfer types end to end in each approval mode of the
// customer (test/e2e/external-transfers-suite.ts).
import { externalTransferTests } from './external-transfers-suite.ts'

externalTransferTests('matrix')
