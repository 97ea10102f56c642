/**
 * Says so when a new build was deployed while this page was open (checked when the tab comes
 * back into view and every ten minutes), with a button that reloads into it.
 */
import { Button, Notification } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { newBuildDeployed, runningEntry } from "./appBuild";

const CHECK_EVERY_MS = 10 * 60 * 1000;

export function NewBuildNotice() {
  const { t } = useTranslation();
  const [deployed, setDeployed] = useState(false);
  useEffect(() => {
    const running = runningEntry(document);
    if (!running) return; // the dev server: no build to compare
    const check = () => { if (document.visibilityState === "visible") void newBuildDeployed(running).then((yes) => yes && setDeployed(true)); };
    document.addEventListener("visibilitychange", check);
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => { document.removeEventListener("visibilitychange", check); window.clearInterval(timer); };
  }, []);
  if (!deployed) return null;
  return (
    <Notification role="status" title={t("boundary.newBuild")} onClose={() => setDeployed(false)}
      style={{ position: "fixed", bottom: 16, right: 16, zIndex: 300, maxWidth: 360 }}>
      <Button size="xs" mt={4} onClick={() => window.location.reload()}>{t("boundary.newBuildAction")}</Button>
    </Notification>
  );
}
