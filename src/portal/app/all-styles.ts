// Mantine's whole stylesheet, for every page but the first ones (first-styles.ts); loaded by
// loadAllStyles (styles.ts) with those pages' code.
import '@mantine/core/styles.css'
