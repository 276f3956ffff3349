/**
 * Runs before each component test file: the app's stylesheets, as main.tsx loads them, so that what axe measures
 * (contrast, visibility) is what the app shows. Nothing here reaches the transport: main.tsx's client is not started.
 */
import '../../src-renderer/src/styles/tokens.css';
import '../../src-renderer/src/styles/base.css';
import '../../src-renderer/src/styles/controls.css';
import '../../src-renderer/src/styles/shared.css';
