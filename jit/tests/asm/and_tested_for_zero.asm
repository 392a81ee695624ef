function main (asm, 96 bytes)
    00000  jmp 0000000000000034h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 4: and
    0000c  test rsi,1
    00013  jne 0000000000000024h
; line 6: ret
    00019  mov eax,0
    0001f  mov rsp,rbp
    00022  pop rbp
    00023  ret
; line 8: ret
    00024  mov eax,1
    0002a  mov rsp,rbp
    0002d  pop rbp
    0002e  ret
; unwind to the entry from the interpreter
    0002f  mov rsp,[r15+28h]
    00033  ret
; external entry (from the interpreter)
    00034  mov rax,ADDR
    0003e  mov rcx,8
    00048  lea r11,[8]
    0004f  jmp qword ptr [58h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00058  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

