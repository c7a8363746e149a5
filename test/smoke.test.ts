import { x } from '@listings/contract';
test('workspace import', () => { const y: number = x; expect(y).toBe(1); });
