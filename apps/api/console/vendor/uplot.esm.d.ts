// Types of the file the api serves at /console/vendor/uplot.esm.js (node_modules/uplot/dist/uPlot.esm.js).
import uPlot from 'uplot';
export default uPlot;
