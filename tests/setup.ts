import '@testing-library/jest-dom/vitest';
// Tests render and resolve any flow's texts without loading the flow's chunk first (tests/ui/strings-split
// checks, in fresh module instances, that each view brings its own).
import '../ui/strings-all';
