# language: zh-TW
功能: 用 kubectl apply 部署一個 3 副本的 nginx Deployment，最後有 3 個 Pod 在執行
  種子 000 的導覽，從頭到尾：在一個有一個控制平面節點、兩個工作節點的實驗叢集上，
  `kubectl apply -f nginx.yaml` 之後，三個 nginx Pod 在工作節點上執行（Running）。
  這是 features/walkthrough.feature 的繁體中文版：同一個模型，同樣的步驟程式碼，
  同樣的主張編號（claim ID，見 features/claims.md）。

  背景:
    假設 一個叢集
    而且 檔案 "nginx.yaml" 的內容是：
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 3
        selector:
          matchLabels:
            app: nginx
        template:
          metadata:
            labels:
              app: nginx
          spec:
            containers:
              - name: nginx
                image: nginx
      """

  @W03 @C20 @D42
  場景: 種子裡的 manifest 被當成 apps/v1 的 Deployment 接受
    當 我執行 `kubectl apply -f nginx.yaml`
    那麼 執行成功
    而且 輸出是：
      """
      deployment.apps/nginx created
      """
    當 我執行 `kubectl get deployment nginx -o jsonpath='{.apiVersion} {.spec.replicas} {.spec.selector.matchLabels.app} {.spec.template.spec.containers[0].name} {.spec.template.spec.containers[0].image}'`
    那麼 輸出是：
      """
      apps/v1 3 nginx nginx nginx
      """

  @W19 @D42
  場景: apply 成功只代表 API server 接受了這個物件
    當 我執行 `kubectl apply -f nginx.yaml`
    那麼 執行成功
    當 我執行 `kubectl get pods`
    那麼 執行成功
    而且 輸出是：
      """
      """
    而且 錯誤輸出是：
      """
      No resources found in default namespace.
      """
    當 過了 1m
    那麼 標籤為 "app=nginx" 的 3 個 Pod 都在執行（Running）

  @W19 @D42
  場景: apply 之後，kubectl get pods -w 顯示狀態的變化
    當 我執行 `kubectl apply -f nginx.yaml`
    而且 我執行 `timeout 40s kubectl get pods -w`
    那麼 輸出包含 "Pending"
    而且 輸出包含 "ContainerCreating"
    而且 輸出包含 "Running"

  @W18 @W09 @D42
  場景: 三個 nginx Pod 在工作節點上執行，刪掉一個之後會再回來
    當 我執行 `kubectl apply -f nginx.yaml`
    而且 過了 1m
    那麼 標籤為 "app=nginx" 的 3 個 Pod 都在執行（Running）
    而且 標籤為 "app=nginx" 的每個 Pod 都在工作節點上執行
    當 我刪除一個標籤為 "app=nginx" 的 Pod
    那麼 執行成功
    當 過了 1m
    那麼 被刪除的 Pod 已經消失，另一個 Pod 取代了它
    而且 標籤為 "app=nginx" 的 3 個 Pod 都在執行（Running）

  @D42
  場景: 再 apply 一次同一份 manifest，什麼都不會改變
    當 我執行 `kubectl apply -f nginx.yaml`
    而且 過了 1m
    而且 我執行 `kubectl apply -f nginx.yaml`
    那麼 執行成功
    而且 輸出是：
      """
      deployment.apps/nginx unchanged
      """
