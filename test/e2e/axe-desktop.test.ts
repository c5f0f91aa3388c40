// Every menu page of a personal and a business customer, in the main brand on a desktop, has
// no serious or critical accessibility finding (issue 16 item 6; the sweep is axe-sweep.ts).
import { axeSweep } from './axe-sweep.ts'

axeSweep('main', 1366, ['demo@nova.example', 'business@nova.example'])
