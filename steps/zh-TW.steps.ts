/**
 * The walkthrough's sentences in Traditional Chinese (features/walkthrough.zh-TW.feature), for
 * the seeds' readers. Each sentence calls the English step's own function: the two languages
 * share every line of logic, so they cannot drift apart.
 */
import { Given, Then, When } from '@cucumber/cucumber';
import { WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import { aCluster, theFile, timePasses } from './cluster.steps';
import { deleteOnePod, deletedPodReplaced, podsOnWorkers, podsRunning } from './objects.steps';
import { errorOutputIs, itSucceeds, outputContains, outputIs, run } from './terminal.steps';
import type { KubespecWorld } from './world';

Given('一個叢集', aCluster);
Given('檔案 {string} 的內容是：', theFile);
When('我執行 `{}`', { timeout: WAITING_STEP_TIMEOUT_MS }, run);
When(/^過了 (\d+(?:\.\d+)?(?:ms|s|m|h))$/, { timeout: WAITING_STEP_TIMEOUT_MS }, timePasses);
Then('執行成功', itSucceeds);
Then('輸出是：', outputIs);
Then('錯誤輸出是：', errorOutputIs);
Then('輸出包含 {string}', outputContains);
// Chinese puts the label before the count: the same function, its arguments in English order.
Then('標籤為 {string} 的 {int} 個 Pod 都在執行（Running）', function (this: KubespecWorld, sel: string, n: number) {
  return podsRunning.call(this, n, sel);
});
Then('標籤為 {string} 的每個 Pod 都在工作節點上執行', podsOnWorkers);
When('我刪除一個標籤為 {string} 的 Pod', { timeout: WAITING_STEP_TIMEOUT_MS }, deleteOnePod);
Then('被刪除的 Pod 已經消失，另一個 Pod 取代了它', deletedPodReplaced);
