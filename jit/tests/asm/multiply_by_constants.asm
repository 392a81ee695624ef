function times_8 (asm, 80 bytes)
    00000  jmp 0000000000000024h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: mul
    00013  shl rsi,3
; line 6: ret
    00017  mov rax,rsi
    0001a  mov rsp,rbp
    0001d  pop rbp
    0001e  ret
; unwind to the entry from the interpreter
    0001f  mov rsp,[r15+28h]
    00023  ret
; external entry (from the interpreter)
    00024  mov rax,ADDR
    0002e  mov rcx,8
    00038  lea r11,[8]
    0003f  jmp qword ptr [48h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00048  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function times_3 (asm, 80 bytes)
    00000  jmp 0000000000000025h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 9: mul
    00013  lea rsi,[rsi+rsi*2]
; line 10: ret
    00018  mov rax,rsi
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; unwind to the entry from the interpreter
    00020  mov rsp,[r15+28h]
    00024  ret
; external entry (from the interpreter)
    00025  mov rax,ADDR
    0002f  mov rcx,8
    00039  lea r11,[8]
    00040  jmp qword ptr [48h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00048  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function times_5 (asm, 80 bytes)
    00000  jmp 0000000000000025h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 13: mul
    00013  lea rsi,[rsi+rsi*4]
; line 14: ret
    00018  mov rax,rsi
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; unwind to the entry from the interpreter
    00020  mov rsp,[r15+28h]
    00024  ret
; external entry (from the interpreter)
    00025  mov rax,ADDR
    0002f  mov rcx,8
    00039  lea r11,[8]
    00040  jmp qword ptr [48h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00048  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function times_9 (asm, 80 bytes)
    00000  jmp 0000000000000025h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 17: mul
    00013  lea rsi,[rsi+rsi*8]
; line 18: ret
    00018  mov rax,rsi
    0001b  mov rsp,rbp
    0001e  pop rbp
    0001f  ret
; unwind to the entry from the interpreter
    00020  mov rsp,[r15+28h]
    00024  ret
; external entry (from the interpreter)
    00025  mov rax,ADDR
    0002f  mov rcx,8
    00039  lea r11,[8]
    00040  jmp qword ptr [48h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00048  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function times_minus_1 (asm, 80 bytes)
    00000  jmp 0000000000000023h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 21: mul
    00013  neg rsi
; line 22: ret
    00016  mov rax,rsi
    00019  mov rsp,rbp
    0001c  pop rbp
    0001d  ret
; unwind to the entry from the interpreter
    0001e  mov rsp,[r15+28h]
    00022  ret
; external entry (from the interpreter)
    00023  mov rax,ADDR
    0002d  mov rcx,8
    00037  lea r11,[8]
    0003e  jmp qword ptr [48h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00048  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function times_7 (asm, 80 bytes)
    00000  jmp 0000000000000027h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 25: mul
    00013  imul rsi,7
; line 26: ret
    0001a  mov rax,rsi
    0001d  mov rsp,rbp
    00020  pop rbp
    00021  ret
; unwind to the entry from the interpreter
    00022  mov rsp,[r15+28h]
    00026  ret
; external entry (from the interpreter)
    00027  mov rax,ADDR
    00031  mov rcx,8
    0003b  lea r11,[8]
    00042  jmp qword ptr [48h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00048  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

