/** A terminal command's exact exit status: the filters, sleep and pipelines answer as GNU's tools and bash do. */
import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KubespecWorld } from './world';

Then('it fails with exit status {int} and stderr:', function (this: KubespecWorld, status: number, text: string) {
  expect({ code: this.last?.code, stderr: this.last?.stderr }).toEqual({ code: status, stderr: text + '\n' });
  this.lastChecked = true;
});

Then('it fails with exit status {int} and nothing on stderr', function (this: KubespecWorld, status: number) {
  expect({ code: this.last?.code, stderr: this.last?.stderr }).toEqual({ code: status, stderr: '' });
  this.lastChecked = true;
});
