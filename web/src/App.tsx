import { exportInfo, isStatic } from "./api.ts";
import { ComparePage } from "./pages/ComparePage.tsx";
import { EpisodePage } from "./pages/EpisodePage.tsx";
import { RunPage } from "./pages/RunPage.tsx";
import { RunsPage } from "./pages/RunsPage.tsx";
import { SamplePage } from "./pages/SamplePage.tsx";
import PlayPage from "./play/PlayPage.tsx";
import { href, type Route, useRoute } from "./router.ts";

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case "runs":
      return <RunsPage />;
    case "run":
      return <RunPage key={route.run} run={route.run} />;
    case "sample":
      return <SamplePage key={`${route.run}/${route.key}`} run={route.run} sampleKey={route.key} />;
    case "episode":
      return <EpisodePage key={`${route.run}/${route.key}`} run={route.run} sampleKey={route.key} />;
    case "compare":
      return <ComparePage a={route.a} b={route.b} />;
    case "play":
      return isStatic() ? (
        <p className="error">Play mode needs `plumb view`: an exported page cannot store runs.</p>
      ) : (
        <PlayPage />
      );
    case "missing":
      return (
        <p className="error">
          No page at #{route.hash}. <a href={href.runs()}>Back to the runs</a>
        </p>
      );
  }
}

function ExportNote() {
  const info = exportInfo();
  if (info === null) return null;
  return (
    <p className="note">
      Exported page of run <strong>{info.run}</strong> ({info.exportedAt.replace("T", " ").slice(0, 16)} UTC):{" "}
      {info.note}. Filters and other runs need <code>plumb view</code>.
    </p>
  );
}

export function App() {
  const route = useRoute();
  const section = route.page === "compare" || route.page === "play" ? route.page : "runs";
  const link = (to: string, name: typeof section, label: string) => (
    <a href={to} aria-current={section === name ? "page" : undefined}>
      {label}
    </a>
  );
  return (
    <>
      <header className="top">
        <a href={href.runs()} className="brand">
          Plumb
        </a>
        <nav>
          {link(href.runs(), "runs", "Runs")}
          {/* An exported page holds one run: nothing to compare, nothing to store. */}
          {!isStatic() && link(href.compare("", ""), "compare", "Compare")}
          {!isStatic() && link(href.play(), "play", "Play")}
        </nav>
      </header>
      <main>
        <ExportNote />
        <Page route={route} />
      </main>
    </>
  );
}
