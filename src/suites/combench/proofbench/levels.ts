/** IMO-ProofBench v2's categories and difficulty levels, easiest level first. */
export const PROOFBENCH_CATEGORIES = ["Algebra", "Combinatorics", "Geometry", "Number theory"] as const;
export const PROOFBENCH_LEVELS = ["pre-IMO", "IMO-easy", "IMO-medium", "IMO-hard"] as const;
