// Image imports resolve to their file name in tests, as webpack's asset modules give a URL.
module.exports = 'asset.svg';
