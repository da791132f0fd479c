import { nameThisThread } from '@reflections/platform/process/thread-name';
import { runProjectorThread } from './projection-engine/projector-thread-worker';
import { connectReadModels } from './projections';
import { queryProjectorRuntime, startProjectors } from './start-projectors';

/** The query service's projector thread (see ProjectorThread). */
nameThisThread('projectors');
runProjectorThread({ connectReadModels, runtime: queryProjectorRuntime, startProjectors });
