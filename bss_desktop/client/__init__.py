"""The Qt client: the board, its items, the controller and the windows around them."""
