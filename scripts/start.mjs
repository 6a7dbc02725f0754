// `npm start`: the main job on the embedded defaults, offline.
console.log("vouch: nothing to run yet");
