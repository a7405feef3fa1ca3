// The campaign import's progress: polls the job's status (GET /api/campaigns/import/<job>/)
// until it is done or refused, moving the progress bar; the page is readable without it.
(function () {
  "use strict";
  const box = document.getElementById("import-job");
  if (!box) return;
  const bar = document.getElementById("import-progress");
  const part = (role) => box.querySelector(`[data-role="${role}"]`);

  function show(status) {
    box.dataset.state = status.state;
    if (status.total) {
      bar.max = status.total;
      part("total").textContent = status.total;
    }
    bar.value = status.done || 0;
    part("done").textContent = status.done || 0;
    const finished = status.state === "done" || status.state === "failed";
    part("running").hidden = finished;
    if (status.state === "done" && status.campaign) {
      const link = part("campaign-link");
      link.href = box.dataset.campaignUrl.replace(/\/0\/$/, `/${status.campaign.id}/`);
      link.textContent = status.campaign.name;
      part("done-text").hidden = false;
    }
    if (status.state === "failed" && status.error) {
      part("error-text").textContent = status.error.message;
      part("error").hidden = false;
    }
    return finished;
  }

  async function poll() {
    try {
      const response = await fetch(box.dataset.statusUrl, {
        headers: { Accept: "application/json" }, credentials: "same-origin",
      });
      if (response.ok && show(await response.json())) return;
    } catch (error) {
      // a network hiccup: try again
    }
    window.setTimeout(poll, 1000);
  }

  if (box.dataset.state !== "done" && box.dataset.state !== "failed") poll();
})();
