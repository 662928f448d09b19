/** `name` inside folder `dir` ("" is the store's root). */
export function joinPath(dir: string, name: string): string {
  return dir === "" || dir.endsWith("/") ? dir + name : `${dir}/${name}`;
}
