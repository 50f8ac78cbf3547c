import type { ReportGroup } from "../../core/task.ts";

/**
 * SPaRC's path errors: the SPaRC CLI's four path criteria under its analysis keys and labels (the
 * check computing each the CLI's way), and Plumb's own "path.*" checks over the paths read.
 */
export const SPARC_PATH_ERRORS: ReportGroup = {
  title: "Path errors",
  countedBy: "the SPaRC CLI",
  criteria: [
    { key: "starts_at_start_ends_at_exit", check: "path.start_end", label: "start/end" },
    { key: "connected_line", check: "path.connected", label: "disconnected" },
    { key: "non_intersecting_line", check: "path.non_intersecting", label: "intersecting" },
    { key: "no_rule_crossing", check: "path.no_rule_cell_crossing", label: "rules" },
  ],
  fullyValid: "Fully valid paths",
  checkPrefix: "path.",
  readLabel: "Paths read",
  wellFormed: "Well-formed path",
};

export const sparcReportGroups: ReportGroup[] = [SPARC_PATH_ERRORS];
