// Every menu page of a personal and a business customer, in the brand with the lightest colour
// on a phone, has no serious or critical accessibility finding (issue 16 item 6; the sweep is
// axe-sweep.ts).
import { axeSweep } from './axe-sweep.ts'

axeSweep('lt-b', 390, ['demo@nova.example', 'business@nova.example'])
