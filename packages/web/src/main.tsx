import { mountPortal } from './mount';

void mountPortal();
