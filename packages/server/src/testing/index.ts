export { type HttpTestSetup, useHttpTestServer } from './http-test-server';
export {
  type ConvertedFileJson,
  readAnswer,
  startTestServer,
  type TestAnswer,
  type TestFile,
  type TestServer,
} from './test-server';
