import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { plural, writeReport } from './cli-args';

describe('plural', () => {
  it('is singular for one only', () => {
    expect(`1 ${plural(1, 'failure')}`).toBe('1 failure');
    expect(`0 ${plural(0, 'failure')}`).toBe('0 failures');
    expect(`2 ${plural(2, 'test')}`).toBe('2 tests');
  });
});

describe('writeReport', () => {
  const written = async (name: string, cwd: string) => {
    let stderr = '';
    const file = await writeReport({ stderr: (text) => (stderr += text), cwd }, name, '<testsuites/>');
    return { file, stderr };
  };

  it('makes the folder and writes the file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'report-'));
    const { file, stderr } = await written('reports/ci/x.xml', dir);
    expect(file).toBe(path.join(dir, 'reports/ci/x.xml'));
    expect(await readFile(path.join(dir, 'reports/ci/x.xml'), 'utf8')).toBe('<testsuites/>');
    expect(stderr).toBe('');
  });

  it('says in words which part of the path is a file, not a folder, and that a folder is no file name', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'report-'));
    await writeFile(path.join(dir, 'a-file'), '');
    for (const name of ['a-file/x.xml', 'a-file/deeper/x.xml']) {
      const { file, stderr } = await written(name, dir);
      expect(file).toBeUndefined();
      expect(stderr).toBe(
        `Could not write the JUnit report to ${path.join(dir, name)}: ${path.join(dir, 'a-file')} is a file, not a folder\n`,
      );
    }
    const { stderr } = await written('.', dir);
    expect(stderr).toBe(
      `Could not write the JUnit report to ${dir}: that is a folder; give a file name, such as report.xml\n`,
    );
  });
});
