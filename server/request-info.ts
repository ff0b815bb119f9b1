/** kube-apiserver's RequestInfoFactory lives with the model's API server (Pods reach it over the model's network too). */
export { requestInfo, type RequestInfo } from '../model/apiserver/request-info';
