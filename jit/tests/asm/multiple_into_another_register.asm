function main (asm, 208 bytes)
    00000  jmp 000000000000002Bh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: mul
    00013  lea rdi,[rsi+rsi*4]
; line 5: add
    00018  add rsi,rdi
; line 6: ret
    0001b  mov rax,rsi
    0001e  mov rsp,rbp
    00021  pop rbp
    00022  ret
; unwind to the entry from the interpreter
    00023  mov rsp,[r15+28h]
    0002a  ret
; external entry (from the interpreter)
    0002b  push rbp
    0002c  mov rbp,rsp
    0002f  push rbx
    00030  push r12
    00032  push r13
    00034  push r14
    00036  push r15
    00038  mov r12,rdi
    0003b  mov r15,ADDR
    00045  push qword ptr [r15+28h]
    0004c  mov r14,8
    00056  mov r13,[r15+10h]
    0005d  sub r13,[r15]
    00064  lea rax,[0A9h]
    0006b  push rax
    0006c  mov [r15+28h],rsp
    00073  sub rsp,8
    00077  mov rdx,rsi
    0007a  sub rsp,10h
    00081  mov rsi,[rdx]
    00088  call 8
    0008d  xor edx,edx
    0008f  lea rsp,[rbp-30h]
    00096  pop rcx
    00097  mov [r15+28h],rcx
    0009e  pop r15
    000a0  pop r14
    000a2  pop r13
    000a4  pop r12
    000a6  pop rbx
    000a7  pop rbp
    000a8  ret
    000a9  lea rbp,[rsp+30h]
    000b1  mov edx,1
    000b6  lea rsp,[rbp-30h]
    000bd  pop rcx
    000be  mov [r15+28h],rcx
    000c5  pop r15
    000c7  pop r14
    000c9  pop r13
    000cb  pop r12
    000cd  pop rbx
    000ce  pop rbp
    000cf  ret

